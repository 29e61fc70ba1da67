import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytes } from './columns';

/**
 * A random positive 31-bit id, from PostgreSQL's strong random generator: share ids say nothing
 * about how many shares there are or which id comes next.
 */
const randomId = sql`greatest(1, ('x' || substr(md5(gen_random_uuid()::text), 1, 8))::bit(32)::integer & 2147483647)`;

export const shares = pgTable('shares', {
  id: integer('id').primaryKey().default(randomId),
  code: varchar('code', { length: 64 }).notNull().unique(),
  name: varchar('name', { length: 200 }).notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  shareType: smallint('share_type').notNull(),
  status: smallint('status').notNull(),
  extractCode: varchar('extract_code', { length: 4 }).notNull().default(''),
  /** Unix seconds; 0 = permanent. */
  expiryTime: bigint('expiry_time', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The files and folders of a share; parent_id null is the share's root. */
export const shareItems = pgTable(
  'share_items',
  {
    id: serial('id').primaryKey(),
    shareId: integer('share_id')
      .notNull()
      .references(() => shares.id, { onUpdate: 'cascade' }),
    parentId: integer('parent_id'),
    name: varchar('name', { length: 255 }).notNull(),
    isFolder: boolean('is_folder').notNull(),
    mediaType: smallint('media_type').notNull(),
    /** Path under the media folder; a folder of HLS segments for an HLS video. */
    mediaPath: varchar('media_path', { length: 300 }).notNull().default(''),
    /**
     * The preview rendition of a progressive video or audio longer than the preview limit: its
     * first 60 seconds, cut by ffmpeg (scripts/generate-media.sh). Empty when the file is short
     * enough to be its own preview, or is HLS (cut by its playlist).
     */
    previewPath: varchar('preview_path', { length: 300 }).notNull().default(''),
    thumbPath: varchar('thumb_path', { length: 300 }).notNull().default(''),
    isM3u8: boolean('is_m3u8').notNull().default(false),
    duration: integer('duration').notNull().default(0),
    totalSize: bytes('total_size').notNull().default(0),
    createTime: bigint('create_time', { mode: 'number' }).notNull(),
    updateTime: bigint('update_time', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('share_items_parent_idx').on(table.shareId, table.parentId),
    /**
     * Trigrams of the names (pg_trgm, in PostgreSQL and in PGlite): a search of a whole share,
     * `name ILIKE '%text%'`, reads the matching rows, not every name (shares/share-search.ts).
     */
    index('share_items_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);

export const shareReports = pgTable('share_reports', {
  id: serial('id').primaryKey(),
  shareId: integer('share_id')
    .notNull()
    .references(() => shares.id, { onUpdate: 'cascade' }),
  reporterUserId: integer('reporter_user_id').references(() => users.id),
  content: varchar('content', { length: 300 }).notNull(),
  clientAddress: varchar('client_address', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What one client network (an IPv4 address or an IPv6 /64) has tried on one protected share, for
 * the extract-code limits (server/src/extract-code/guard.ts): one row, changed by one conditional
 * statement per try, so concurrent tries of a network are counted one after another and tries of
 * different networks never wait for each other. Pruned a day after its last try.
 */
export const extractCodeNetworks = pgTable(
  'extract_code_networks',
  {
    shareId: integer('share_id').notNull(),
    clientNetwork: varchar('client_network', { length: 64 }).notNull(),
    /** Its wrong codes within the network window, oldest first (at most the window's limit). */
    recentFailures: timestamp('recent_failures', { withTimezone: true }).array().notNull(),
    /** Its wrong codes made while the share was under attack, within the attack window. */
    attackFailures: timestamp('attack_failures', { withTimezone: true }).array().notNull(),
    /** When it last gave the right code while the share was under attack: no more proofs. */
    passedAt: timestamp('passed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shareId, table.clientNetwork] }),
    index('extract_code_networks_updated_idx').on(table.updatedAt),
  ],
);

/**
 * A share's wrong extract codes by the hour, from every network: the last day's sum is its
 * budget before it counts as under attack. Changed only by wrong codes that were evaluated
 * (the budget's hundred, then one per proof of work), never by a flood of unpaid tries.
 */
export const extractCodeShareFailures = pgTable(
  'extract_code_share_failures',
  {
    shareId: integer('share_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    failures: integer('failures').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shareId, table.hour] })],
);

/** Proofs of work already used for an extract code: each is accepted once. */
export const usedProofs = pgTable('used_proofs', {
  /** The challenge's signature (it is unique to the challenge). */
  signature: varchar('signature', { length: 128 }).primaryKey(),
  /** When the challenge itself expires; the row is pruned after that. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
