import { and, eq, gt, sql } from 'drizzle-orm';
import { ResponseCode } from 'shared-contracts';
import type { Database, Executor } from '../../db/client';
import { extractCodeFailures, extractCodePasses, shares } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import type { ExtractCodeProofs } from './extract-code-proofs';

/**
 * The limits on wrong extract codes (README, "Extract codes"):
 * - a client network may get `address.max` codes wrong in `address.windowSeconds`, then waits
 *   until the oldest of them is that old: a few minutes, so visitors behind one NAT are never
 *   kept out for long by each other's typos;
 * - a share that has had `share.budget` wrong codes in `share.windowSeconds` is under attack
 *   from many addresses. From then on every try from a network costs a proof of work (about a
 *   second on a phone: ExtractCodeProofs), and a network may get `underAttack.max` codes wrong on
 *   it per `underAttack.windowSeconds`: a visitor's few typos never lock them out, a network's
 *   guesses stay few. A network that has given the right code goes on without proofs (it has the
 *   code). The share is never locked: a visitor with the code always gets in.
 * With N networks that bounds the wrong codes evaluated on one share to about
 * `share.budget + N * underAttack.max` a day, each past the budget paid with a proof of work.
 */
export const EXTRACT_CODE_LIMITS = {
  address: { max: 10, windowSeconds: 10 * 60 },
  share: { budget: 100, windowSeconds: 24 * 60 * 60 },
  underAttack: { max: 5, windowSeconds: 24 * 60 * 60 },
} as const;

/** How long the failures and passes of a share are kept: the longest window. */
export const EXTRACT_CODE_FAILURE_TTL_SECONDS = Math.max(
  EXTRACT_CODE_LIMITS.address.windowSeconds,
  EXTRACT_CODE_LIMITS.share.windowSeconds,
  EXTRACT_CODE_LIMITS.underAttack.windowSeconds,
);

/** A refusal's answer data: when the client may try again. */
export interface ExtractCodeLock {
  retry_after: number;
}

const LOCKED_MESSAGE = 'Too many wrong extract codes. Please try again later.';

/** 'proof-needed': the share is under attack and this try brought no valid proof of work. */
export type ExtractCodeVerdict = 'right' | 'wrong' | 'proof-needed';

/** What the check reads of a share's failures for one network. */
interface GuardState {
  /** Seconds until the network may try again; null when it may now. */
  retryAfter: number | null;
  underAttack: boolean;
  /** The network gave the right code while the share was under attack (within a day). */
  passed: boolean;
}

/**
 * Checks extract codes against the limits above. Counting and recording a failure happen in one
 * transaction that holds the share's row, so concurrent guesses are counted one after another:
 * no burst gets past a limit.
 */
export class ExtractCodeGuard {
  constructor(
    private readonly db: Database,
    private readonly proofs: ExtractCodeProofs,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * 'right', 'wrong' or 'proof-needed' for a code of the share from a client network, with the
   * proof of work the client sent (the widget's payload) if any; throws the 429 refusal (code
   * 4029, `retry_after` seconds) instead when that network may not try now.
   */
  async check(
    shareId: number,
    isRight: boolean,
    clientNetwork: string,
    proof?: string,
  ): Promise<ExtractCodeVerdict> {
    const now = this.clock();
    const outcome = await this.db.transaction(async (tx) => {
      await tx.select({ id: shares.id }).from(shares).where(eq(shares.id, shareId)).for('update');
      const state = await this.stateOf(tx, shareId, clientNetwork, now);
      if (state.retryAfter !== null) return state.retryAfter;
      const needsProof = state.underAttack && !state.passed;
      if (needsProof) {
        const paid = proof ? await this.proofs.accept(tx, proof, shareId, clientNetwork) : false;
        if (!paid) return 'proof-needed';
      }
      if (!isRight) {
        await tx
          .insert(extractCodeFailures)
          .values({ shareId, clientAddress: clientNetwork, createdAt: new Date(now) });
        return 'wrong';
      }
      if (needsProof) {
        await tx
          .insert(extractCodePasses)
          .values({ shareId, clientAddress: clientNetwork, createdAt: new Date(now) })
          .onConflictDoUpdate({
            target: [extractCodePasses.shareId, extractCodePasses.clientAddress],
            set: { createdAt: new Date(now) },
          });
      }
      return 'right';
    });
    if (typeof outcome === 'number') {
      throw new ApiError(ResponseCode.TooManyRequests, LOCKED_MESSAGE, outcome, {
        retry_after: outcome,
      } satisfies ExtractCodeLock);
    }
    return outcome;
  }

  private async stateOf(
    tx: Executor,
    shareId: number,
    clientNetwork: string,
    now: number,
  ): Promise<GuardState> {
    const { address, share, underAttack } = EXTRACT_CODE_LIMITS;
    const since = (seconds: number) => new Date(now - seconds * 1000);
    const ours = sql`${extractCodeFailures.clientAddress} = ${clientNetwork}`;
    const recent = sql`${ours} and ${extractCodeFailures.createdAt} > ${since(address.windowSeconds)}`;
    const inAttackWindow = sql`${ours} and ${extractCodeFailures.createdAt} > ${since(underAttack.windowSeconds)}`;
    const [row] = await tx
      .select({
        recent: sql<number>`count(*) filter (where ${recent})`.mapWith(Number),
        recentOldest: sql<
          string | null
        >`min(${extractCodeFailures.createdAt}) filter (where ${recent})`,
        shareTotal: sql<number>`count(*)`.mapWith(Number),
        attackCount: sql<number>`count(*) filter (where ${inAttackWindow})`.mapWith(Number),
        attackOldest: sql<
          string | null
        >`min(${extractCodeFailures.createdAt}) filter (where ${inAttackWindow})`,
      })
      .from(extractCodeFailures)
      .where(
        and(
          eq(extractCodeFailures.shareId, shareId),
          gt(extractCodeFailures.createdAt, since(share.windowSeconds)),
        ),
      );
    const waitFrom = (oldest: string | null, windowSeconds: number) => {
      const start = oldest ? new Date(oldest).getTime() : now;
      return Math.max(1, Math.ceil((start + windowSeconds * 1000 - now) / 1000));
    };
    const isUnderAttack = (row?.shareTotal ?? 0) >= share.budget;
    let retryAfter: number | null = null;
    if (row && isUnderAttack && row.attackCount >= underAttack.max) {
      retryAfter = waitFrom(row.attackOldest, underAttack.windowSeconds);
    } else if (row && row.recent >= address.max) {
      retryAfter = waitFrom(row.recentOldest, address.windowSeconds);
    }
    if (!isUnderAttack || retryAfter !== null) {
      return { retryAfter, underAttack: isUnderAttack, passed: false };
    }
    const [pass] = await tx
      .select({ at: extractCodePasses.createdAt })
      .from(extractCodePasses)
      .where(
        and(
          eq(extractCodePasses.shareId, shareId),
          eq(extractCodePasses.clientAddress, clientNetwork),
          gt(extractCodePasses.createdAt, since(underAttack.windowSeconds)),
        ),
      );
    return { retryAfter, underAttack: true, passed: pass !== undefined };
  }
}
