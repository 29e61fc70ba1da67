import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Releases of a remote that the server started (docs/operations/releases.md): a canary for some
 * visitors, then promoted (every visitor's stable release) or rolled back. Every instance reads
 * them, so a decision taken by one is every page's from the next load.
 */
export const remoteReleases = pgTable(
  'remote_releases',
  {
    id: serial('id').primaryKey(),
    /** share, payments or invite. */
    remote: varchar('remote', { length: 16 }).notNull(),
    release: varchar('release', { length: 32 }).notNull(),
    manifestUrl: text('manifest_url').notNull(),
    /** The share of visitors it goes to now: an operator's start, then each step (1, 10, 50, 100). */
    percent: smallint('percent').notNull(),
    /** canary, promoted (stable now, or before a later promotion) or rolled_back. */
    state: varchar('state', { length: 16 }).notNull(),
    /** Why it ended: an operator's promotion or rollback, or the verdict that ended it. */
    reason: text('reason'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it reached its percent: its canary visits from then on are the ones judged. */
    steppedAt: timestamp('stepped_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    // One canary per remote at a time.
    uniqueIndex('remote_releases_one_canary')
      .on(table.remote)
      .where(sql`${table.state} = 'canary'`),
  ],
);

/** One visit of a canary's page that loaded the remote: which track, an error or not, its INP. */
export const canaryVisits = pgTable(
  'canary_visits',
  {
    id: serial('id').primaryKey(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => remoteReleases.id, { onDelete: 'cascade' }),
    canary: boolean('canary').notNull(),
    errored: boolean('errored').notNull(),
    /** Milliseconds; null when the visit measured none (no interaction). */
    inpMs: integer('inp_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('canary_visits_release_idx').on(table.releaseId, table.canary)],
);
