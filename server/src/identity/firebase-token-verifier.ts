import {
  createLocalJWKSet,
  jwtVerify,
  UnsecuredJWT,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { FirebaseEnv } from '../config/firebase-env';
import { ApiError, serviceUnavailable } from '../lib/api-error';
import { toIdentity, type IdentityVerifier, type VerifiedIdentity } from './verified-identity';

/** The sign-in providers the site offers (docs/product.md, "The login sheet"). */
const ALLOWED_PROVIDERS = new Set(['google.com', 'apple.com']);
/** When Google's answer names no max-age. */
const DEFAULT_KEYS_TTL_MS = 60 * 60 * 1000;
/**
 * A token with a key id the cached set lacks may mean Google rotated its keys: the set is read
 * again, but at most this often, so a stranger's made-up key ids cannot make us hammer Google.
 */
const UNKNOWN_KEY_REFETCH_MS = 60 * 1000;
/** Leeway for clocks that differ a little between Google and this server. */
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * The bounds of reading the published keys (docs/operations/faults-and-chaos.md, "When a dependency
 * fails").
 */
export const IDENTITY_KEYS_TIMING = {
  /** One read of the keys; a hanging endpoint never holds a sign-in longer. */
  fetchTimeoutMs: 3000,
  /** After a failed read the next waits this long, doubling with each failure... */
  retryFirstMs: 1000,
  /**
   * ...up to this, from one read's start to the next's: many sign-ins while Google is away make a
   * read or two, not one each; and keys that come back are read again (by a timer, sign-ins or
   * not) within this long, or as soon as a read that was hanging then has timed out: sign-in works
   * again within 4 s of the endpoint answering, well inside the 10 s `npm run chaos` holds.
   */
  retryMaxMs: 4000,
  /**
   * Keys past their max-age are still used while a new read fails, for this long: Google keeps a
   * key published for days after it stops signing with it, so sign-in goes on through an outage.
   */
  staleMaxMs: 24 * 60 * 60 * 1000,
} as const;

/** Told whether the keys could be read (for /readyz and the log). */
export type KeysAvailability = (available: boolean, detail?: unknown) => void;

type FetchLike = (
  url: string,
  init: { signal: AbortSignal },
) => Promise<Pick<Response, 'ok' | 'status' | 'headers' | 'json'>>;

/** The max-age of a Cache-Control header in milliseconds; null when it names none. */
export function maxAgeOf(cacheControl: string | null): number | null {
  const match = /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl ?? '');
  return match?.[1] ? Number(match[1]) * 1000 : null;
}

/** The keys cannot be read and none are at hand: sign-in must wait (503, with when to retry). */
export const identityUnavailable = (retryAfterSeconds: number) =>
  serviceUnavailable(
    'Sign-in is not available for a moment. Please try again shortly.',
    retryAfterSeconds,
  );

/**
 * Google's public keys for Firebase ID tokens, cached for as long as Google's Cache-Control
 * says, read again when that runs out or (rate-limited) when a token names an unknown key. A read
 * has a timeout; a failed one is not tried again before its back-off, and meanwhile the last
 * keys are used (within `staleMaxMs`) or sign-in answers that it is unavailable.
 */
export class PublishedKeys {
  private keys: { set: JWTVerifyGetKey; until: number } | null = null;
  private loading: Promise<JWTVerifyGetKey> | null = null;
  private lastLoad = 0;
  private failures = 0;
  /** No read before this time (ms): the back-off after a failure. */
  private retryAt = 0;
  /** After a failed read, the read that finds out when the keys are back. */
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly fetchImpl: FetchLike = (url, init) => fetch(url, init),
    private readonly clock: () => number = Date.now,
    private readonly onAvailability: KeysAvailability = () => undefined,
  ) {}

  /** The key getter jose's jwtVerify calls with a token's header. */
  readonly getKey: JWTVerifyGetKey = async (header, token) => {
    const set = await this.currentSet();
    try {
      return await set(header, token);
    } catch (error) {
      const unknownKey = (error as { code?: string }).code === 'ERR_JWKS_NO_MATCHING_KEY';
      if (!unknownKey || this.clock() - this.lastLoad < UNKNOWN_KEY_REFETCH_MS) throw error;
      return (await this.load())(header, token);
    }
  };

  /** The fresh keys, or newly read ones, or (while a read fails) the last ones if not too old. */
  private async currentSet(): Promise<JWTVerifyGetKey> {
    const now = this.clock();
    if (this.keys && this.keys.until > now) return this.keys.set;
    try {
      return await this.load();
    } catch (error) {
      const usable = this.keys && now - this.keys.until < IDENTITY_KEYS_TIMING.staleMaxMs;
      if (usable && this.keys) return this.keys.set;
      throw error;
    }
  }

  private load(): Promise<JWTVerifyGetKey> {
    if (this.loading) return this.loading;
    const now = this.clock();
    if (now < this.retryAt) {
      return Promise.reject(identityUnavailable(Math.ceil((this.retryAt - now) / 1000)));
    }
    this.loading = this.read().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async read(): Promise<JWTVerifyGetKey> {
    this.lastLoad = this.clock();
    try {
      const response = await this.fetchImpl(this.url, {
        signal: AbortSignal.timeout(IDENTITY_KEYS_TIMING.fetchTimeoutMs),
      });
      if (!response.ok) throw new Error(`the identity keys answered HTTP ${response.status}`);
      const set = createLocalJWKSet((await response.json()) as JSONWebKeySet);
      const ttl = maxAgeOf(response.headers.get('cache-control')) ?? DEFAULT_KEYS_TTL_MS;
      this.keys = { set, until: this.clock() + ttl };
      this.failures = 0;
      this.retryAt = 0;
      this.onAvailability(true);
      return set;
    } catch (error) {
      this.failures += 1;
      const backOff = Math.min(
        IDENTITY_KEYS_TIMING.retryMaxMs,
        IDENTITY_KEYS_TIMING.retryFirstMs * 2 ** (this.failures - 1),
      );
      // The back-off spaces the reads' starts: a read that hung until its timeout has waited
      // that long already.
      this.retryAt = this.lastLoad + backOff;
      const wait = Math.max(0, this.retryAt - this.clock());
      this.onAvailability(false, error);
      clearTimeout(this.retry);
      this.retry = setTimeout(() => void this.load().catch(() => undefined), wait);
      this.retry.unref();
      throw identityUnavailable(Math.max(1, Math.ceil(wait / 1000)));
    }
  }
}

/**
 * Firebase ID tokens (https://firebase.google.com/docs/auth/admin/verify-id-tokens): RS256 signed
 * by one of Google's published keys, issued by `https://securetoken.google.com/<project>` for the
 * project, unexpired, with an `auth_time` in the past, from Google or Apple sign-in. With the
 * Firebase Auth Emulator (never in production) its unsigned tokens are accepted instead, and
 * signed ones are not: an emulator token is never taken for a real one, nor the other way round.
 */
export class FirebaseIdentity implements IdentityVerifier {
  private readonly issuer: string;

  constructor(
    private readonly env: FirebaseEnv,
    private readonly keys = new PublishedKeys(env.jwksUrl),
    private readonly clock: () => number = Date.now,
  ) {
    this.issuer = `https://securetoken.google.com/${env.projectId}`;
  }

  async verify(token: string): Promise<VerifiedIdentity | null> {
    let payload: JWTPayload;
    try {
      payload = this.env.emulatorHost
        ? UnsecuredJWT.decode(token, this.claimRules()).payload
        : (
            await jwtVerify(token, this.keys.getKey, {
              ...this.claimRules(),
              algorithms: ['RS256'],
            })
          ).payload;
    } catch (error) {
      // The keys could not be read: not the token's fault, and the caller must say so.
      if (error instanceof ApiError) throw error;
      return null;
    }
    return this.isAcceptable(payload) ? toIdentity(payload) : null;
  }

  private claimRules() {
    return {
      issuer: this.issuer,
      audience: this.env.projectId,
      requiredClaims: ['exp', 'iat', 'sub', 'auth_time'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: new Date(this.clock()),
    };
  }

  /** What jose does not check: the sign-in's time, the subject's form, the provider. */
  private isAcceptable(payload: JWTPayload): boolean {
    const now = this.clock() / 1000 + CLOCK_TOLERANCE_SECONDS;
    const authTime = payload.auth_time;
    if (typeof authTime !== 'number' || authTime > now) return false;
    if (typeof payload.iat !== 'number' || payload.iat > now) return false;
    if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 128) {
      return false;
    }
    const firebase = payload.firebase as { sign_in_provider?: unknown } | undefined;
    return (
      typeof firebase?.sign_in_provider === 'string' &&
      ALLOWED_PROVIDERS.has(firebase.sign_in_provider)
    );
  }
}
