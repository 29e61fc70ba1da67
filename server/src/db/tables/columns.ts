import { bigint } from 'drizzle-orm/pg-core';

/** Bytes fit in JS numbers (below 2^53), so bigints are read as numbers. */
export const bytes = (name: string) => bigint(name, { mode: 'number' });
