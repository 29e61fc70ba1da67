import { and, eq, gt, sql } from 'drizzle-orm';
import { ResponseCode } from 'shared-contracts';
import type { Database, Executor } from '../../db/client';
import { extractCodeFailures, shares } from '../../db/schema';
import { ApiError } from '../../lib/api-error';

/**
 * The limits on wrong extract codes (README, "Extract codes"):
 * - a client network may get `address.max` codes wrong in `address.windowSeconds`, then waits
 *   until the oldest of them is that old: a few minutes, so visitors behind one NAT are never
 *   kept out for long by each other's typos;
 * - a share that has had `share.budget` wrong codes in `share.windowSeconds` is under attack
 *   from many addresses: from then on each client network may get `guarded.max` code wrong on
 *   it per `guarded.windowSeconds`. The share is never locked: a visitor whose network has not
 *   failed on it lately is heard at once.
 * With N addresses that bounds the wrong codes evaluated on one share to about
 * `share.budget + N * guarded.max` a day.
 */
export const EXTRACT_CODE_LIMITS = {
  address: { max: 10, windowSeconds: 10 * 60 },
  share: { budget: 100, windowSeconds: 24 * 60 * 60 },
  guarded: { max: 1, windowSeconds: 24 * 60 * 60 },
} as const;

/** How long the failures of a share are kept: the longest window. */
export const EXTRACT_CODE_FAILURE_TTL_SECONDS = Math.max(
  EXTRACT_CODE_LIMITS.address.windowSeconds,
  EXTRACT_CODE_LIMITS.share.windowSeconds,
  EXTRACT_CODE_LIMITS.guarded.windowSeconds,
);

/** A refusal's answer data: when the client may try again. */
export interface ExtractCodeLock {
  retry_after: number;
}

const LOCKED_MESSAGE = 'Too many wrong extract codes. Please try again later.';

export type ExtractCodeVerdict = 'right' | 'wrong';

/**
 * Checks extract codes against the limits above. Counting and recording a failure happen in one
 * transaction that holds the share's row, so concurrent guesses are counted one after another:
 * no burst gets past a limit.
 */
export class ExtractCodeGuard {
  constructor(
    private readonly db: Database,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * 'right' or 'wrong' for a code of the share, from a client network; throws the 429 refusal
   * (code 4029, `retry_after` seconds) instead when that network may not try now.
   */
  async check(
    shareId: number,
    isRight: boolean,
    clientNetwork: string,
  ): Promise<ExtractCodeVerdict> {
    const now = this.clock();
    const refusal = await this.db.transaction(async (tx) => {
      await tx.select({ id: shares.id }).from(shares).where(eq(shares.id, shareId)).for('update');
      const retryAfter = await this.retryAfter(tx, shareId, clientNetwork, now);
      if (retryAfter !== null) return retryAfter;
      if (!isRight) {
        await tx
          .insert(extractCodeFailures)
          .values({ shareId, clientAddress: clientNetwork, createdAt: new Date(now) });
      }
      return null;
    });
    if (refusal !== null) {
      throw new ApiError(ResponseCode.TooManyRequests, LOCKED_MESSAGE, refusal, {
        retry_after: refusal,
      } satisfies ExtractCodeLock);
    }
    return isRight ? 'right' : 'wrong';
  }

  /** Seconds until the network may try a code on the share again; null when it may now. */
  private async retryAfter(
    tx: Executor,
    shareId: number,
    clientNetwork: string,
    now: number,
  ): Promise<number | null> {
    const { address, share, guarded } = EXTRACT_CODE_LIMITS;
    const since = (seconds: number) => new Date(now - seconds * 1000);
    const ours = sql`${extractCodeFailures.clientAddress} = ${clientNetwork}`;
    const recent = sql`${ours} and ${extractCodeFailures.createdAt} > ${since(address.windowSeconds)}`;
    const inGuardWindow = sql`${ours} and ${extractCodeFailures.createdAt} > ${since(guarded.windowSeconds)}`;
    const [row] = await tx
      .select({
        recent: sql<number>`count(*) filter (where ${recent})`.mapWith(Number),
        recentOldest: sql<
          string | null
        >`min(${extractCodeFailures.createdAt}) filter (where ${recent})`,
        shareTotal: sql<number>`count(*)`.mapWith(Number),
        guardCount: sql<number>`count(*) filter (where ${inGuardWindow})`.mapWith(Number),
        guardOldest: sql<
          string | null
        >`min(${extractCodeFailures.createdAt}) filter (where ${inGuardWindow})`,
      })
      .from(extractCodeFailures)
      .where(
        and(
          eq(extractCodeFailures.shareId, shareId),
          gt(extractCodeFailures.createdAt, since(share.windowSeconds)),
        ),
      );
    if (!row) return null;
    const waitFrom = (oldest: string | null, windowSeconds: number) => {
      const start = oldest ? new Date(oldest).getTime() : now;
      return Math.max(1, Math.ceil((start + windowSeconds * 1000 - now) / 1000));
    };
    if (row.shareTotal >= share.budget && row.guardCount >= guarded.max) {
      return waitFrom(row.guardOldest, guarded.windowSeconds);
    }
    if (row.recent >= address.max) return waitFrom(row.recentOldest, address.windowSeconds);
    return null;
  }
}
