import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytes } from './columns';

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
