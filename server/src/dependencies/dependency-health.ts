import type { FastifyBaseLogger } from 'fastify';

/**
 * What the server depends on beside its own process. Each has one module that owns its timeout, its
 * retries and what the API answers while it is away (docs/operations/faults-and-chaos.md, "When a
 * dependency fails"):
 * - `database`: PostgreSQL (or PGlite). Without it nothing works: not ready.
 * - `share-changes`: the LISTEN connection that tells every instance of a share's change. Without
 *   it the instance keeps serving, reading share status at most a second old: degraded.
 * - `redis`: the shared rate-limit counters. Without it each instance counts alone: degraded.
 * - `identity-keys`: Firebase's published signing keys. Without them sign-in waits: degraded.
 */
export type DependencyName = 'database' | 'share-changes' | 'redis' | 'identity-keys';
/** Every dependency, for the series declared from start-up (one per alert of ops/slo/slos.mjs). */
export const DEPENDENCY_NAMES = [
  'database',
  'share-changes',
  'redis',
  'identity-keys',
] as const satisfies readonly DependencyName[];

export interface DependencyState {
  up: boolean;
  /** Why it is down, in words fit for /readyz (never a host name or a secret); null while up. */
  reason: string | null;
  /** When it went down or came back (ms since the epoch). */
  since: number;
}

/**
 * The health of each dependency as its module last saw it: read by /readyz and the metrics,
 * logged once per change (a warning when one goes, info when it is back).
 */
export class DependencyHealth {
  private readonly states = new Map<DependencyName, DependencyState>();

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'> | null = null,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Registers a dependency this server uses (it starts up; unregistered ones are not shown). */
  track(name: DependencyName): void {
    if (!this.states.has(name))
      this.states.set(name, { up: true, reason: null, since: this.clock() });
  }

  up(name: DependencyName): void {
    const state = this.states.get(name);
    if (state?.up) return;
    this.states.set(name, { up: true, reason: null, since: this.clock() });
    if (state) this.log?.info({ dependency: name }, `${name} is back`);
  }

  /** Marks it down; `detail` (an error) goes to the log only, `reason` to /readyz too. */
  down(name: DependencyName, reason: string, detail?: unknown): void {
    const state = this.states.get(name);
    if (state && !state.up && state.reason === reason) return;
    this.states.set(name, {
      up: false,
      reason,
      since: state && !state.up ? state.since : this.clock(),
    });
    this.log?.warn({ dependency: name, reason, err: detail }, `${name} is down: ${reason}`);
  }

  isUp(name: DependencyName): boolean {
    return this.states.get(name)?.up ?? true;
  }

  /** Every tracked dependency's state, by name. */
  snapshot(): Partial<Record<DependencyName, DependencyState>> {
    return Object.fromEntries(this.states);
  }
}
