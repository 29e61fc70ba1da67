import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** Key/value facts about this installation: generated secrets, the seed version. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
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
