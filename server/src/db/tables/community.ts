import { integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';

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
