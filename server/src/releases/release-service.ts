import { and, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Counter } from 'prom-client';
import type { RemoteName } from 'shared-contracts';
import type { FieldBeacon } from 'shared-contracts/page';
import type { Database } from '../db/client';
import { canaryVisits, remoteReleases } from '../db/schema';
import { canaryArms } from './canary-arms';
import { ReleaseReader, type ReleaseLogger, type ReleaseRow } from './release-reader';
import { canaryAction, canaryVerdict, type CanaryVerdict, type ReleaseArm } from './canary-verdict';

export class ReleaseConflictError extends Error {
  override name = 'ReleaseConflictError';
}

/** What happens to a canary: each goes to the log and to `nimbus_release_events_total`. */
export const RELEASE_EVENTS = ['started', 'stepped', 'promoted', 'rolled_back'] as const;
export type ReleaseEvent = (typeof RELEASE_EVENTS)[number];

/** The counters a release's events add to. */
export interface ReleaseCounters {
  /** Canaries rolled back by the verdict (not by an operator). */
  rollbacks: Counter<'remote'>;
  events: Counter<'remote' | 'event'>;
}

/** How many ended canaries the status keeps, newest first. */
export const ENDED_LISTED = 20;

/**
 * The releases the server runs beside the configured ones: canaries (a new release of a remote
 * for some visitors), their visits from the field beacons, the verdict that steps a healthy one up
 * and promotes it, or rolls a worse one back, by itself, and an operator's promote and rollback
 * (docs/operations/releases.md).
 */
export class ReleaseService extends ReleaseReader {
  /** The check that runs next (not yet begun), which every call until it begins shares. */
  private nextCheck: Promise<void> | null = null;
  private lastCheck: Promise<void> = Promise.resolve();

  constructor(
    db: Database,
    log: ReleaseLogger,
    private readonly counters: ReleaseCounters,
    private readonly minVisits: number,
  ) {
    super(db, log);
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
    this.event(row, 'started', `started at ${row.percent} %`);
    await this.load();
    return row;
  }

  /** Logs and counts what happened to a canary, on the one instance whose change took. */
  private event(row: ReleaseRow, event: ReleaseEvent, reason: string): void {
    const entry = {
      release: { id: row.id, remote: row.remote, release: row.release, percent: row.percent },
      event,
      reason,
    };
    const message = `canary ${row.release} of ${row.remote} ${event.replace('_', ' ')}: ${reason}`;
    if (event === 'rolled_back') this.log.warn(entry, message);
    else this.log.info(entry, message);
    this.counters.events.inc({ remote: row.remote, event });
  }

  /** The canary of `remote` becomes every visitor's release; null when it has none. */
  async promote(
    remote: RemoteName,
    reason = 'promoted by an operator',
  ): Promise<ReleaseRow | null> {
    const row = await this.end(remote, 'promoted', reason);
    if (row) this.event(row, 'promoted', reason);
    return row;
  }

  /** The canary of `remote` ends and every visitor gets the stable release; null without one. */
  async rollback(remote: RemoteName, reason: string): Promise<ReleaseRow | null> {
    const row = await this.end(remote, 'rolled_back', reason);
    if (row) this.event(row, 'rolled_back', reason);
    return row;
  }

  /**
   * The canary `row` goes to `percent` of the visitors; its visits from now on are the step's.
   * Nothing happens when it has ended or moved meanwhile (another instance took the step).
   */
  private async step(row: ReleaseRow, percent: number, reason: string): Promise<void> {
    const [stepped] = await this.db
      .update(remoteReleases)
      .set({ percent, steppedAt: sql`now()` })
      .where(
        and(
          eq(remoteReleases.id, row.id),
          eq(remoteReleases.state, 'canary'),
          eq(remoteReleases.percent, row.percent),
        ),
      )
      .returning();
    if (!stepped) return;
    this.event(stepped, 'stepped', `${row.percent} % to ${percent} %, ${reason}`);
    await this.load();
  }

  /** The canaries that ended (promoted or rolled back), newest first, ENDED_LISTED at most. */
  async ended(): Promise<ReleaseRow[]> {
    return this.db
      .select()
      .from(remoteReleases)
      .where(
        and(
          inArray(remoteReleases.state, ['promoted', 'rolled_back']),
          isNotNull(remoteReleases.endedAt),
        ),
      )
      .orderBy(desc(remoteReleases.endedAt), desc(remoteReleases.id))
      .limit(ENDED_LISTED);
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

  /**
   * Counts a visit of a page that had a canary, for each remote it loaded under that canary. A
   * failing canary visit has the canaries judged at once (not at the next CANARY_CHECK_MS), so
   * the early stop comes after its visits however many visitors the site has.
   */
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
    if (visits.length === 0) return;
    await this.db.insert(canaryVisits).values(visits);
    if (visits.some((visit) => visit.canary && visit.errored)) {
      this.checkCanaries().catch((error: unknown) =>
        this.log.warn({ err: error }, 'the canary check failed'),
      );
    }
  }

  /** A canary's visits on both releases, and the verdict they give. */
  async judge(
    canary: ReleaseRow,
  ): Promise<{ visits: { stable: ReleaseArm; canary: ReleaseArm }; verdict: CanaryVerdict }> {
    const visits = await canaryArms(this.db, canary.id, canary.steppedAt);
    return { visits, verdict: canaryVerdict(visits.stable, visits.canary, this.minVisits) };
  }

  /**
   * Judges every running canary (canaryAction): rolls back those clearly worse than their stable
   * release, steps a healthy one up, promotes one healthy at 100 %. One check at a time: a call
   * while one runs shares the next, which begins after it (and so sees every visit recorded
   * before the call).
   */
  checkCanaries(): Promise<void> {
    if (!this.nextCheck) {
      const next = this.lastCheck
        .catch(() => undefined)
        .then(() => {
          this.nextCheck = null;
          return this.judgeCanaries();
        });
      this.nextCheck = next;
      this.lastCheck = next;
    }
    return this.nextCheck;
  }

  private async judgeCanaries(): Promise<void> {
    await this.load();
    for (const canary of this.canaries()) {
      const { verdict } = await this.judge(canary);
      const action = canaryAction(verdict, canary.percent);
      const remote = canary.remote as RemoteName;
      if (action.kind === 'rollback') {
        const ended = await this.rollback(remote, `automatic: ${action.reason}`);
        if (ended) this.counters.rollbacks.inc({ remote });
      } else if (action.kind === 'step') {
        await this.step(canary, action.percent, action.reason);
      } else if (action.kind === 'promote') {
        await this.promote(remote, `automatic: ${action.reason}`);
      }
    }
  }
}
