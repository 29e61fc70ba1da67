import { asc, inArray } from 'drizzle-orm';
import type { RemoteName } from 'shared-contracts';
import type { RuntimeConfig } from 'shared-contracts/page';
import type { ReleaseOverlay } from '../config/runtime-config';
import type { Database } from '../db/client';
import { remoteReleases } from '../db/schema';

export type ReleaseRow = typeof remoteReleases.$inferSelect;

/** How often every instance reads the releases again: a decision is everywhere after it. */
export const RELEASES_FRESH_MS = 1000;

export interface ReleaseLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * The releases as every instance last read them from the database (each remote's promoted
 * release and running canary, at its percent), and what they make of the runtime configuration.
 */
export class ReleaseReader implements ReleaseOverlay {
  generation = 0;
  /** Every remote's latest promoted release and its running canary. */
  protected current: { promoted: Map<string, ReleaseRow>; canary: Map<string, ReleaseRow> } = {
    promoted: new Map(),
    canary: new Map(),
  };
  private signature = '';
  private reading: Promise<void> | null = null;

  constructor(
    protected readonly db: Database,
    protected readonly log: ReleaseLogger,
  ) {}

  /**
   * Starts reading the releases again (every RELEASES_FRESH_MS, from a timer) and returns at
   * once: pages are made with what was read last, so a stalled database never holds one up, and
   * no visitor's request waits for or races with this read.
   */
  poll(): void {
    void this.readOnce();
  }

  /** Reads the releases, sharing a read already under way; resolves when it is done. */
  private readOnce(): Promise<void> {
    this.reading ??= this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  /**
   * Reads the releases now and waits for them: at the start, after a change this instance made,
   * and before judging the canaries. A read already under way began before the change, so it is
   * waited for and a new one made.
   */
  async load(): Promise<void> {
    await this.reading;
    await this.readOnce();
  }

  private async read(): Promise<void> {
    try {
      const rows = await this.db
        .select()
        .from(remoteReleases)
        .where(inArray(remoteReleases.state, ['canary', 'promoted']))
        .orderBy(asc(remoteReleases.id));
      const promoted = new Map<string, ReleaseRow>();
      const canary = new Map<string, ReleaseRow>();
      for (const row of rows) (row.state === 'canary' ? canary : promoted).set(row.remote, row);
      this.current = { promoted, canary };
      const signature = JSON.stringify(
        [...promoted.values(), ...canary.values()].map((row) => [row.id, row.state, row.percent]),
      );
      if (signature !== this.signature) {
        this.signature = signature;
        this.generation += 1;
      }
    } catch (error) {
      // The pages go on with what was read last; the next request tries again.
      this.log.warn({ err: error }, 'the releases could not be read');
    }
  }

  applyTo(config: RuntimeConfig): RuntimeConfig {
    if (this.current.promoted.size === 0 && this.current.canary.size === 0) return config;
    const remotes = { ...config.remotes };
    for (const name of Object.keys(remotes) as RemoteName[]) {
      const promoted = this.current.promoted.get(name);
      const canary = this.current.canary.get(name);
      remotes[name] = {
        ...remotes[name],
        ...(promoted ? { manifestUrl: promoted.manifestUrl, release: promoted.release } : {}),
        ...(canary
          ? {
              canary: {
                id: canary.id,
                manifestUrl: canary.manifestUrl,
                release: canary.release,
                percent: canary.percent,
              },
            }
          : {}),
      };
    }
    return { ...config, remotes };
  }

  /** The running canaries, as last read. */
  canaries(): ReleaseRow[] {
    return [...this.current.canary.values()];
  }
}
