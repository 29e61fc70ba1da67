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
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Bytes fit in JS numbers (below 2^53), so bigints are read as numbers. */
const bytes = (name: string) => bigint(name, { mode: 'number' });

/** Key/value facts about this installation: generated secrets, the seed version. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** `issuer|subject` of the identity token that created the account. */
  externalId: varchar('external_id', { length: 512 }).notNull().unique(),
  email: varchar('email', { length: 320 }).unique(),
  nickName: varchar('nick_name', { length: 100 }).notNull(),
  avatar: varchar('avatar', { length: 500 }).notNull().default(''),
  identityType: smallint('identity_type').notNull().default(1),
  vipExpiryTime: bigint('vip_expiry_time', { mode: 'number' }).notNull().default(0),
  maxStorage: bytes('max_storage').notNull(),
  usedStorage: bytes('used_storage').notNull().default(0),
  maxOfflineFileSize: bytes('max_offline_file_size').notNull(),
  hasGrantedDiscordReward: boolean('has_granted_discord_reward').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

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

/** A user's own folders; parent_id 0 is the root "Cloud Files". */
export const cloudFolders = pgTable(
  'cloud_folders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    folderType: smallint('folder_type').notNull().default(0),
    createTime: bigint('create_time', { mode: 'number' }).notNull(),
    updateTime: bigint('update_time', { mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('cloud_folders_sibling_name_idx').on(table.userId, table.parentId, table.name),
  ],
);

/** A user's own files (copies made by saving a share). */
export const cloudFiles = pgTable(
  'cloud_files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    folderId: integer('folder_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    mediaType: smallint('media_type').notNull(),
    mediaPath: varchar('media_path', { length: 300 }).notNull().default(''),
    totalSize: bytes('total_size').notNull(),
    sourceItemId: integer('source_item_id'),
    createTime: bigint('create_time', { mode: 'number' }).notNull(),
  },
  (table) => [index('cloud_files_folder_idx').on(table.userId, table.folderId)],
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

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    eventName: varchar('event_name', { length: 64 }).notNull(),
    content: text('content').notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('events_created_idx').on(table.createdAt)],
);

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  appId: smallint('app_id').notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  /** Cents, to keep money exact; the API answers dollars. */
  priceCents: integer('price_cents').notNull(),
  discountPriceCents: integer('discount_price_cents').notNull().default(0),
  cycleType: smallint('cycle_type').notNull(),
  cycleNum: smallint('cycle_num').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  thirdProductId: varchar('third_product_id', { length: 100 }).notNull(),
  sortOrder: smallint('sort_order').notNull(),
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

/** Community authorization codes already exchanged: each is accepted once. */
export const usedOauthCodes = pgTable('used_oauth_codes', {
  /** The code's own random nonce. */
  nonce: varchar('nonce', { length: 64 }).primaryKey(),
  /** When the code itself expires; the row is pruned after that. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Accounts of the development community provider. */
export const communityAccounts = pgTable('community_accounts', {
  id: varchar('id', { length: 64 }).primaryKey(),
  displayName: varchar('display_name', { length: 100 }).notNull(),
});

/** One reward per app user and one per community account (both unique). */
export const communityRewards = pgTable('community_rewards', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  communityAccountId: varchar('community_account_id', { length: 64 }).notNull().unique(),
  activityId: integer('activity_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The answers of calls that create something (a save, a new folder), by the caller's
 * Idempotency-Key: a call repeated with the same key (a load balancer retrying it after an
 * instance died, a person's double tap) gets the first answer instead of doing it twice.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: integer('user_id').notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    route: varchar('route', { length: 64 }).notNull(),
    /** The answer's data as JSON. */
    response: text('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotent_requests_created_idx').on(table.createdAt),
  ],
);
