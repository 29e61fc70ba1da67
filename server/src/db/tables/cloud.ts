import {
  bigint,
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
import { users } from './accounts';
import { bytes } from './columns';

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
