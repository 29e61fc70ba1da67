import { ResponseCode } from 'shared-contracts';
import { ApiError } from '../lib/api-error';
import type { Bulkhead } from '../lib/bulkhead';
import type { Challenge } from 'altcha-lib';
import type { ExtractCodeProofs } from './proofs';

/**
 * The limits on wrong extract codes (docs/security.md, "Extract codes"):
 * - a client network may get `network.max` codes wrong in `network.windowSeconds`, then waits
 *   until the oldest of them is that old: a few minutes, so visitors behind one NAT are never
 *   kept out for long by each other's typos;
 * - a share that has had `share.budget` wrong codes in `share.windowSeconds` is under attack
 *   from many addresses. From then on every try from a network costs a proof of work (about a
 *   second on a phone: ExtractCodeProofs), and a network may get `underAttack.max` codes wrong on
 *   it per `underAttack.windowSeconds`, counting only the codes it got wrong while the share was
 *   under attack: a visitor's typos of the morning never become a day's refusal in the
 *   afternoon. A network that has given the right code goes on without proofs (it has the code).
 *   The share is never locked: a visitor with the code always gets in.
 * With N networks that bounds the wrong codes evaluated on one share to about
 * `share.budget + N * underAttack.max` a day, each past the budget paid with a proof of work.
 */
export const EXTRACT_CODE_LIMITS = {
  network: { max: 10, windowSeconds: 10 * 60 },
  share: { budget: 100, windowSeconds: 24 * 60 * 60 },
  underAttack: { max: 5, windowSeconds: 24 * 60 * 60 },
} as const;

/** How long a network's and a share's counts are kept: the longest window. */
export const EXTRACT_CODE_COUNTS_TTL_SECONDS = Math.max(
  EXTRACT_CODE_LIMITS.network.windowSeconds,
  EXTRACT_CODE_LIMITS.share.windowSeconds,
  EXTRACT_CODE_LIMITS.underAttack.windowSeconds,
);

/** What the counters hold of one network's tries on one share (times in epoch milliseconds). */
export interface NetworkTries {
  /** Its wrong codes, oldest first (what is older than the network window may be left in). */
  recentFailures: number[];
  /** Its wrong codes made while the share was under attack, oldest first. */
  attackFailures: number[];
  /** When it last gave the right code while the share was under attack; null: never. */
  passedAt: number | null;
}

/** One try to count: wrong or right, and whether the share was under attack when it came. */
export interface TryToCount {
  wrong: boolean;
  underAttack: boolean;
  /** The right code, paid with a proof: the network browses on without proofs. */
  passed: boolean;
}

/**
 * Where the tries are counted: Redis (every instance together, one script a try) or the
 * database (one conditional statement a try). Either way no try waits for another network's,
 * and a network's own tries are counted one after another, so no burst gets past a limit.
 */
export interface ExtractCodeCounters {
  /** The network's tries on the share, and the share's wrong codes of its window. */
  read(
    shareId: number,
    network: string,
    now: number,
  ): Promise<{ tries: NetworkTries; shareFailures: number }>;
  /** Takes one wrong code from the share's budget; false when it is spent (under attack now). */
  takeShareBudget(shareId: number, now: number): Promise<boolean>;
  /** Counts a wrong code of a share under attack (paid with a proof: it takes no budget). */
  addShareFailure(shareId: number, now: number): Promise<void>;
  /**
   * Counts the network's try when its limits (`waitBeforeNextTry` null) allow one, in one atomic
   * step with that check; false, with nothing counted, when they do not.
   */
  admit(shareId: number, network: string, now: number, tried: TryToCount): Promise<boolean>;
}

const within = (times: number[], windowSeconds: number, now: number) =>
  times.filter((time) => time > now - windowSeconds * 1000);

/**
 * Seconds until the network may try a code of the share again, or null when it may now: its
 * wrong codes of the attack (when the share is under attack) or of the network window are at the
 * limit, until the oldest of them leaves its window. The counters' `admit` holds the same rule.
 */
export function waitBeforeNextTry(
  tries: NetworkTries,
  underAttack: boolean,
  now: number,
): number | null {
  const { network, underAttack: attack } = EXTRACT_CODE_LIMITS;
  const waitFor = (times: number[], windowSeconds: number) =>
    Math.max(1, Math.ceil(((times[0] ?? now) + windowSeconds * 1000 - now) / 1000));
  const attackFailures = within(tries.attackFailures, attack.windowSeconds, now);
  if (underAttack && attackFailures.length >= attack.max) {
    return waitFor(attackFailures, attack.windowSeconds);
  }
  const recent = within(tries.recentFailures, network.windowSeconds, now);
  if (recent.length >= network.max) return waitFor(recent, network.windowSeconds);
  return null;
}

/** A refusal's answer data: when the client may try again. */
export interface ExtractCodeLock {
  retry_after: number;
}

const LOCKED_MESSAGE = 'Too many wrong extract codes. Please try again later.';

/** 'proof-needed': the share is under attack and this try brought no valid proof of work. */
export type ExtractCodeVerdict = 'right' | 'wrong' | 'proof-needed';

/**
 * Checks extract codes against the limits above. A try reads its network's and its share's
 * counts, then (when the code may be evaluated) is counted in one atomic step that checks the
 * network's limits again: nothing holds a share-wide lock, so a flood of one share's codes is
 * as cheap as its reads, and costs other shares nothing. The checks of one instance run through
 * a bulkhead: they never take more than their share of its database connections, and each share
 * waits in a line of its own (the lines take turns), so a flooded share's tries never stand in
 * front of another share's.
 */
export class ExtractCodeGuard {
  constructor(
    private readonly counters: ExtractCodeCounters,
    private readonly proofs: ExtractCodeProofs,
    private readonly bulkhead: Bulkhead,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * 'right', 'wrong' or 'proof-needed' for a code of the share from a client network, with the
   * proof of work the client sent (the widget's payload) if any; throws the 429 refusal (code
   * 4029, `retry_after` seconds) instead when that network may not try now.
   */
  check(
    shareId: number,
    isRight: boolean,
    clientNetwork: string,
    proof?: string,
  ): Promise<ExtractCodeVerdict> {
    return this.bulkhead.run(
      () => this.checkNow(shareId, isRight, clientNetwork, proof),
      String(shareId),
    );
  }

  /** The proof of work a 'proof-needed' try is answered with. */
  challenge(shareId: number, clientNetwork: string): Promise<Challenge> {
    return this.proofs.challenge(shareId, clientNetwork);
  }

  private async checkNow(
    shareId: number,
    isRight: boolean,
    clientNetwork: string,
    proof: string | undefined,
  ): Promise<ExtractCodeVerdict> {
    const now = this.clock();
    const { tries, shareFailures } = await this.counters.read(shareId, clientNetwork, now);
    let underAttack = shareFailures >= EXTRACT_CODE_LIMITS.share.budget;
    const wait = waitBeforeNextTry(tries, underAttack, now);
    if (wait !== null) throw locked(wait);
    const passed =
      tries.passedAt !== null &&
      tries.passedAt > now - EXTRACT_CODE_LIMITS.underAttack.windowSeconds * 1000;
    let needsProof = underAttack && !passed;
    if (!isRight && !underAttack && !(await this.counters.takeShareBudget(shareId, now))) {
      // Other networks spent the last of the budget since the read: under attack from now on.
      underAttack = true;
      needsProof = !passed;
    }
    if (needsProof) {
      const paid = proof ? await this.proofs.accept(proof, shareId, clientNetwork) : false;
      if (!paid) return 'proof-needed';
    }
    const tried = { wrong: !isRight, underAttack, passed: isRight && needsProof };
    if (!(await this.counters.admit(shareId, clientNetwork, now, tried))) {
      // A burst of the same network's tries used up its limit since the read.
      const again = await this.counters.read(shareId, clientNetwork, now);
      throw locked(waitBeforeNextTry(again.tries, underAttack, now) ?? 1);
    }
    if (!isRight && underAttack) await this.counters.addShareFailure(shareId, now);
    return isRight ? 'right' : 'wrong';
  }
}

function locked(retryAfter: number): ApiError {
  return new ApiError(ResponseCode.TooManyRequests, LOCKED_MESSAGE, retryAfter, {
    retry_after: retryAfter,
  } satisfies ExtractCodeLock);
}
