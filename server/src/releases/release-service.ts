import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Counter } from 'prom-client';
import type { RemoteName } from 'shared-contracts';
import type { FieldBeacon, RuntimeConfig } from 'shared-contracts/page';
import type { ReleaseOverlay } from '../config/runtime-config';
import type { Database } from '../db/client';
import { canaryVisits, remoteReleases } from '../db/schema';
import { canaryArms } from './canary-arms';
import { canaryVerdict, type CanaryVerdict, type ReleaseArm } from './canary-verdict';

export type ReleaseRow = typeof remoteReleases.$inferSelect;

/** How often every instance reads the releases again: a decision is everywhere after it. */
export const RELEASES_FRESH_MS = 1000;

export class ReleaseConflictError extends Error {
  override name = 'ReleaseConflictError';
}

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * The releases the server runs beside the configured ones: canaries (a new release of a remote
 * for some visitors), their visits from the field beacons, the verdict that rolls a worse one back
 * by itself, and an operator's promote and rollback (docs/operations/releases.md).
 */
export class ReleaseService implements ReleaseOverlay {
  generation = 0;
  /** Every remote's latest promoted release and its running canary. */
  private current: { promoted: Map<string, ReleaseRow>; canary: Map<string, ReleaseRow> } = {
    promoted: new Map(),
    canary: new Map(),
  };
  private signature = '';
  private reading: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly rollbacks: Counter<'remote'>,
    private readonly minVisits: number,
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
        [...promoted.values(), ...canary.values()].map((row) => [row.id, row.state]),
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

  async startCanary(input: {
    remote: RemoteName;
    release: string;
    manifestUrl: string;
    percent: number;
  }): Promise<ReleaseRow> {
    const [row] = await this.db
      .insert(remoteReleases)
      .values({ ...input, state: 'canary' })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new ReleaseConflictError(
        `${input.remote} has a canary running: promote it or roll it back first`,
      );
    }
    this.log.info({ release: row }, `canary ${row.release} of ${row.remote} started`);
    await this.load();
    return row;
  }

  /** The canary of `remote` becomes every visitor's release; null when it has none. */
  async promote(remote: RemoteName): Promise<ReleaseRow | null> {
    const row = await this.end(remote, 'promoted', 'promoted by an operator');
    if (row) this.log.info({ release: row }, `canary ${row.release} of ${remote} promoted`);
    return row;
  }

  /** The canary of `remote` ends and every visitor gets the stable release; null without one. */
  async rollback(remote: RemoteName, reason: string): Promise<ReleaseRow | null> {
    const row = await this.end(remote, 'rolled_back', reason);
    if (row) this.log.warn({ release: row }, `canary ${row.release} of ${remote} rolled back`);
    return row;
  }

  private async end(
    remote: RemoteName,
    state: 'promoted' | 'rolled_back',
    reason: string,
  ): Promise<ReleaseRow | null> {
    // Only the instance whose update ends it reports it: a canary ends once.
    const [row] = await this.db
      .update(remoteReleases)
      .set({ state, reason, endedAt: new Date() })
      .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.state, 'canary')))
      .returning();
    if (!row) return null;
    // Its visits, and any a slower instance recorded for an earlier canary after it ended.
    await this.db
      .delete(canaryVisits)
      .where(
        notInArray(
          canaryVisits.releaseId,
          this.db
            .select({ id: remoteReleases.id })
            .from(remoteReleases)
            .where(eq(remoteReleases.state, 'canary')),
        ),
      );
    await this.load();
    return row;
  }

  /** Counts a visit of a page that had a canary, for each remote it loaded under that canary. */
  async recordVisit(beacon: FieldBeacon): Promise<void> {
    const visits = beacon.remotes.flatMap((remote) => {
      const canary = this.current.canary.get(remote.name);
      if (!canary || remote.canary !== canary.id) return [];
      return [
        {
          releaseId: canary.id,
          canary: remote.track === 'canary',
          errored: beacon.errors.some((error) => error.source === remote.name),
          inpMs: beacon.vitals.inp === undefined ? null : Math.round(beacon.vitals.inp),
        },
      ];
    });
    if (visits.length > 0) await this.db.insert(canaryVisits).values(visits);
  }

  /** A canary's visits on both releases, and the verdict they give. */
  async judge(
    canary: ReleaseRow,
  ): Promise<{ visits: { stable: ReleaseArm; canary: ReleaseArm }; verdict: CanaryVerdict }> {
    const visits = await canaryArms(this.db, canary.id);
    return { visits, verdict: canaryVerdict(visits.stable, visits.canary, this.minVisits) };
  }

  /** Judges every running canary; rolls back those clearly worse than their stable release. */
  async checkCanaries(): Promise<void> {
    await this.load();
    for (const canary of this.canaries()) {
      const { verdict } = await this.judge(canary);
      if (verdict.kind !== 'worse') continue;
      const remote = canary.remote as RemoteName;
      const ended = await this.rollback(remote, `automatic: ${verdict.reason}`);
      if (ended) this.rollbacks.inc({ remote });
    }
  }
}
