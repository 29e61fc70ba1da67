import { lt, or } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import {
  events,
  extractCodeNetworks,
  extractCodeShareFailures,
  sessions,
  shareReports,
  usedOauthCodes,
  usedProofs,
} from '../../db/schema';
import { EXTRACT_CODE_COUNTS_TTL_SECONDS } from '../../extract-code/guard';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long each kind of record is kept (docs/operations/deploying.md, "What the server keeps, and
 * for how long").
 */
export const RETENTION = {
  /** Analytics events. */
  eventsDays: 90,
  /** Reports, long enough for a moderator to act and look back. */
  reportsDays: 365,
  /** Expired or revoked sessions stay a day for the logs, then go. */
  deadSessionsDays: 1,
} as const;

/** How often the pruning runs, and how long after start-up the first run waits. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_DELAY_MS = 60 * 1000;

/** Deletes what is past its retention; returns how many rows of each went. */
export async function pruneOnce(db: Database, now = Date.now()) {
  const before = (ms: number) => new Date(now - ms);
  const deleted = async (query: Promise<unknown[]>) => (await query).length;
  return {
    sessions: await deleted(
      db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, before(RETENTION.deadSessionsDays * DAY_MS)),
            lt(sessions.revokedAt, before(RETENTION.deadSessionsDays * DAY_MS)),
          ),
        )
        .returning({ tokenHash: sessions.tokenHash }),
    ),
    events: await deleted(
      db
        .delete(events)
        .where(lt(events.createdAt, before(RETENTION.eventsDays * DAY_MS)))
        .returning({ id: events.id }),
    ),
    reports: await deleted(
      db
        .delete(shareReports)
        .where(lt(shareReports.createdAt, before(RETENTION.reportsDays * DAY_MS)))
        .returning({ id: shareReports.id }),
    ),
    extractCodeNetworks: await deleted(
      db
        .delete(extractCodeNetworks)
        .where(lt(extractCodeNetworks.updatedAt, before(EXTRACT_CODE_COUNTS_TTL_SECONDS * 1000)))
        .returning({ shareId: extractCodeNetworks.shareId }),
    ),
    extractCodeShareFailures: await deleted(
      db
        .delete(extractCodeShareFailures)
        .where(lt(extractCodeShareFailures.hour, before(EXTRACT_CODE_COUNTS_TTL_SECONDS * 1000)))
        .returning({ shareId: extractCodeShareFailures.shareId }),
    ),
    usedProofs: await deleted(
      db
        .delete(usedProofs)
        .where(lt(usedProofs.expiresAt, before(0)))
        .returning({ signature: usedProofs.signature }),
    ),
    usedOauthCodes: await deleted(
      db
        .delete(usedOauthCodes)
        .where(lt(usedOauthCodes.expiresAt, before(0)))
        .returning({ nonce: usedOauthCodes.nonce }),
    ),
  };
}

/** Prunes old records every hour while the server runs (every instance may: deletes are idempotent). */
export default fp(
  async (app) => {
    const run = () => {
      pruneOnce(app.db).then(
        (counts) => app.log.info({ pruned: counts }, 'housekeeping: old records pruned'),
        (error: unknown) => app.log.warn({ err: error }, 'housekeeping failed'),
      );
    };
    const first = setTimeout(run, FIRST_RUN_DELAY_MS);
    const every = setInterval(run, HOUSEKEEPING_INTERVAL_MS);
    first.unref();
    every.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(every);
    });
  },
  { name: 'housekeeping', dependencies: ['database'] },
);
