import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Payload,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Database } from '../db/client';
import { usedProofs } from '../db/schema';
import { hmac } from '../lib/signing';

/**
 * The proof of work a try on a share under attack costs (ALTCHA, PBKDF2/SHA-256 in deterministic
 * mode: the solver derives a key for each counter from 0 until it meets the one the server chose).
 * About a second on a mid-range phone with the widget's workers (the bench's throttled phone:
 * docs/performance.md), a few milliseconds for the server to check.
 */
export interface ProofOfWorkCost {
  /** PBKDF2 iterations per counter. */
  cost: number;
  /** The counter is chosen at random in [counterMin, counterMax]. */
  counterMin: number;
  counterMax: number;
}

export const PROOF_OF_WORK_COST: ProofOfWorkCost = { cost: 5000, counterMin: 40, counterMax: 120 };

/** How long a challenge may be solved and used. */
const CHALLENGE_TTL_SECONDS = 10 * 60;
/** A challenge handed out again keeps at least this long to be solved in. */
const CHALLENGE_REUSE_MARGIN_SECONDS = 2 * 60;
/** Challenges kept for handing out again: about 5 MB at most. */
const CHALLENGES_KEPT = 10_000;
const ALGORITHM = 'PBKDF2/SHA-256';

/**
 * ALTCHA challenges for extract codes (ExtractCodeGuard): each names the share and the client
 * network it was issued to, is signed with the server's key, expires, and is accepted once.
 *
 * Making a challenge costs the server one key derivation (a few milliseconds of PBKDF2, to know
 * the key the solver must find); checking a solution costs an HMAC. So a network that asks again
 * and again without solving gets the challenge it was given before, and a flood of unpaid tries
 * costs a map lookup each: at most one derivation per network and share every eight minutes, or
 * per proof it really solved.
 */
export class ExtractCodeProofs {
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;
  /** The unsolved challenge of each share and network, oldest first. */
  private readonly handedOut = new Map<string, { challenge: Promise<Challenge>; until: number }>();

  constructor(
    private readonly db: Database,
    private readonly key: Buffer,
    private readonly cost: ProofOfWorkCost = PROOF_OF_WORK_COST,
    private readonly clock: () => number = Date.now,
  ) {
    this.signatureSecret = hmac(key, 'altcha-challenge');
    this.keySignatureSecret = hmac(key, 'altcha-key');
  }

  /** The network as a challenge names it: not the address itself. */
  private networkTag(clientNetwork: string): string {
    return hmac(this.key, `network|${clientNetwork}`).slice(0, 16);
  }

  /** The challenge for a try of this network on this share: the one it has, or a new one. */
  challenge(shareId: number, clientNetwork: string): Promise<Challenge> {
    const key = `${shareId}|${clientNetwork}`;
    const now = this.clock();
    const kept = this.handedOut.get(key);
    // A Map keeps insertion order: a touched entry moves to the end, the oldest goes first.
    this.handedOut.delete(key);
    if (kept && kept.until > now) {
      this.handedOut.set(key, kept);
      return kept.challenge;
    }
    const challenge = this.make(shareId, clientNetwork);
    const until = now + (CHALLENGE_TTL_SECONDS - CHALLENGE_REUSE_MARGIN_SECONDS) * 1000;
    this.handedOut.set(key, { challenge, until });
    challenge.catch(() => {
      if (this.handedOut.get(key)?.challenge === challenge) this.handedOut.delete(key);
    });
    if (this.handedOut.size > CHALLENGES_KEPT) {
      const oldest = this.handedOut.keys().next().value;
      if (oldest !== undefined) this.handedOut.delete(oldest);
    }
    return challenge;
  }

  private make(shareId: number, clientNetwork: string): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: this.cost.cost,
      counter: randomInt(this.cost.counterMax, this.cost.counterMin),
      deriveKey,
      // Its expiry is checked here on this server's clock (the library's reads the wall clock).
      data: {
        share: shareId,
        network: this.networkTag(clientNetwork),
        expires: Math.floor(this.clock() / 1000) + CHALLENGE_TTL_SECONDS,
      },
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
  }

  /**
   * Whether `payload` (the widget's base64 JSON) solves a challenge issued to this share and
   * network that is unexpired and unused; it is marked used.
   */
  async accept(payload: string, shareId: number, clientNetwork: string): Promise<boolean> {
    const solved = parsePayload(payload);
    const signature = solved?.challenge.signature;
    const data = solved?.challenge.parameters.data;
    if (!solved || !signature || signature.length > 128) return false;
    if (data?.share !== shareId || data.network !== this.networkTag(clientNetwork)) return false;
    const expires = typeof data.expires === 'number' ? data.expires : 0;
    if (expires * 1000 < this.clock()) return false;
    const result = await verifySolution({
      challenge: solved.challenge,
      solution: solved.solution,
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    }).catch(() => null);
    if (!result?.verified) return false;
    const firstUse = await this.db
      .insert(usedProofs)
      .values({ signature, expiresAt: new Date(expires * 1000) })
      .onConflictDoNothing()
      .returning({ signature: usedProofs.signature });
    if (firstUse.length !== 1) return false;
    // Solved: its next try needs a challenge of its own.
    this.handedOut.delete(`${shareId}|${clientNetwork}`);
    return true;
  }
}

/** The widget's payload: base64 of `{ challenge, solution }`; null when it is not one. */
function parsePayload(text: string): Payload | null {
  if (text.length > 4096) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
    const payload = value as Partial<Payload> | null;
    const parameters = payload?.challenge?.parameters;
    if (
      typeof parameters !== 'object' ||
      parameters === null ||
      parameters.algorithm !== ALGORITHM ||
      typeof payload?.solution !== 'object' ||
      payload.solution === null
    ) {
      return null;
    }
    return payload as Payload;
  } catch {
    return null;
  }
}
