import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { idempotentRequests } from '../db/schema';
import { invalidRequest } from './api-error';

/** What names a call that may be repeated: the caller's Idempotency-Key and the call. */
export interface Idempotency {
  key: string;
  route: string;
}

/**
 * Runs `work` once per Idempotency-Key: under the user's row lock, a key seen before answers
 * what the first call answered (committed with it), without doing the work again. A call
 * without a key always runs.
 */
export async function runOnce<T>(
  tx: Transaction,
  userId: number,
  idempotency: Idempotency | null,
  work: () => Promise<T>,
): Promise<T> {
  if (!idempotency) return work();
  const [earlier] = await tx
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, idempotency.key)));
  if (earlier) {
    if (earlier.route !== idempotency.route) {
      throw invalidRequest('Invalid request: this Idempotency-Key was used for another call');
    }
    return JSON.parse(earlier.response) as T;
  }
  const result = await work();
  await tx.insert(idempotentRequests).values({
    userId,
    key: idempotency.key,
    route: idempotency.route,
    response: JSON.stringify(result),
  });
  return result;
}
