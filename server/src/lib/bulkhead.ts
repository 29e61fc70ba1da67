import { DATABASE_UNAVAILABLE_MESSAGE, serviceUnavailable } from './api-error';

/** How much of the process one kind of work may take at once, and how long it may queue. */
export interface BulkheadLimits {
  /** Runs at the same time at most (each holds at most one database connection). */
  concurrency: number;
  /** Waits in line at most; one more is refused at once. */
  queue: number;
  /** Waits in line at most for one key (one share): one key never fills the whole line. */
  queuePerKey?: number;
  /** How long one may wait in line before it is refused. */
  queueTimeoutMs: number;
}

/**
 * A compartment for one kind of work (docs/security.md): at most `concurrency` run at once, the
 * next `queue` wait their turn for at most `queueTimeoutMs`, and anything past that is refused at
 * once with 503 and Retry-After (code 5003, which the API client sends again after the wait). A
 * flood of that kind of work so fills only its own compartment: the database connections and the
 * event loop the rest of the site uses stay free.
 *
 * Work may name a key (a share): each key waits in a line of its own and the lines take turns,
 * so a flood of one key's work never makes another key's wait behind it.
 */
export class Bulkhead {
  private running = 0;
  private waiting = 0;
  /** Each key's line; the Map's order is the lines' turn (a served line goes to the back). */
  private readonly lines = new Map<string, Array<() => void>>();

  constructor(
    readonly name: string,
    private readonly limits: BulkheadLimits,
    private readonly onRefused: (name: string) => void = () => undefined,
  ) {}

  /** How many run now and how many wait (for the metrics and tests). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }

  async run<T>(work: () => Promise<T>, key = ''): Promise<T> {
    if (this.running < this.limits.concurrency) this.running += 1;
    else await this.turn(key);
    try {
      return await work();
    } finally {
      // The place goes straight to the next in line, so nobody arriving meanwhile takes it.
      const next = this.nextInLine();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** The first of the line whose turn it is; that line goes to the back. */
  private nextInLine(): (() => void) | undefined {
    for (const [key, line] of this.lines) {
      const next = line.shift();
      this.lines.delete(key);
      if (line.length > 0) this.lines.set(key, line);
      if (next) {
        this.waiting -= 1;
        return next;
      }
    }
    return undefined;
  }

  /**
   * Waits until a finishing run hands its place over, or rejects when the line is full or the
   * wait too long.
   */
  private turn(key: string): Promise<void> {
    const line = this.lines.get(key) ?? [];
    const { queue, queuePerKey = queue, queueTimeoutMs } = this.limits;
    if (this.waiting >= queue || line.length >= queuePerKey) {
      return Promise.reject(this.refused());
    }
    return new Promise((resolve, reject) => {
      const next = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const current = this.lines.get(key);
        const at = current?.indexOf(next) ?? -1;
        if (current && at !== -1) {
          current.splice(at, 1);
          this.waiting -= 1;
          if (current.length === 0) this.lines.delete(key);
        }
        reject(this.refused());
      }, queueTimeoutMs);
      line.push(next);
      if (!this.lines.has(key)) this.lines.set(key, line);
      this.waiting += 1;
    });
  }

  private refused() {
    this.onRefused(this.name);
    return serviceUnavailable(DATABASE_UNAVAILABLE_MESSAGE);
  }
}
