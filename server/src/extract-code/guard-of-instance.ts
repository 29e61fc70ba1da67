import type { Database } from '../db/client';
import type { SharedRedis } from '../dependencies/redis';
import { Bulkhead } from '../lib/bulkhead';
import { DatabaseCounters } from './database-counters';
import { ExtractCodeGuard } from './guard';
import { ExtractCodeProofs } from './proofs';
import { RedisCounters } from './redis-counters';

/**
 * How much of an instance the extract-code checks may take: 3 of the pool's 10 database
 * connections, and a short line behind them, half of it at most one share's. A flood of codes on
 * one share waits in its own line (or is told to come back in a second), never in front of the
 * rest of the site's queries or another share's codes.
 */
export const EXTRACT_CODE_BULKHEAD = {
  concurrency: 3,
  queue: 200,
  queuePerKey: 100,
  queueTimeoutMs: 2000,
};

/**
 * The guard an instance checks extract codes with: its tries counted in Redis when REDIS_URL
 * names one (the database while Redis is away), else in the database; its proofs signed with
 * `proofKey`; its checks in their own bulkhead.
 */
export function extractCodeGuardOf(options: {
  db: Database;
  redis: SharedRedis | null;
  proofKey: Buffer;
  onBulkheadRefused: (bulkhead: string) => void;
}): ExtractCodeGuard {
  const { db, redis, proofKey, onBulkheadRefused } = options;
  const databaseCounters = new DatabaseCounters(db);
  return new ExtractCodeGuard(
    redis ? new RedisCounters(redis, databaseCounters) : databaseCounters,
    new ExtractCodeProofs(db, proofKey),
    new Bulkhead('extract-code', EXTRACT_CODE_BULKHEAD, onBulkheadRefused),
  );
}
