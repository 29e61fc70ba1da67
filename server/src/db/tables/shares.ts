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
  (table) => [index('share_items_parent_idx').on(table.shareId, table.parentId)],
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
 * Wrong extract codes, counted per share and client network (an IPv4 address or an IPv6 /64) for
 * the brute-force limits; a share's rows together make its daily budget.
 */
export const extractCodeFailures = pgTable(
  'extract_code_failures',
  {
    id: serial('id').primaryKey(),
    shareId: integer('share_id').notNull(),
    clientAddress: varchar('client_address', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('extract_code_failures_idx').on(table.shareId, table.clientAddress, table.createdAt),
    index('extract_code_failures_share_idx').on(table.shareId, table.createdAt),
  ],
);

/**
 * Client networks that gave a share's right extract code while it was under attack: they go on
 * browsing and saving without a proof of work (ExtractCodeGuard). Kept a day.
 */
export const extractCodePasses = pgTable(
  'extract_code_passes',
  {
    shareId: integer('share_id').notNull(),
    clientAddress: varchar('client_address', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.shareId, table.clientAddress] })],
);

/** Proofs of work already used for an extract code: each is accepted once. */
export const usedProofs = pgTable('used_proofs', {
  /** The challenge's signature (it is unique to the challenge). */
  signature: varchar('signature', { length: 128 }).primaryKey(),
  /** When the challenge itself expires; the row is pruned after that. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
