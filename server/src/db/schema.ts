/**
 * The database schema, every table by area: what drizzle-kit generates the migrations of
 * (drizzle.config.ts) and what the client is typed with (client.ts).
 */
export * from './tables/accounts';
export * from './tables/cloud';
export * from './tables/community';
export * from './tables/releases';
export * from './tables/shares';
export * from './tables/site';
