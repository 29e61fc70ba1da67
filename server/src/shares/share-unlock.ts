import { hmac, safeEqual } from '../lib/signing';

/**
 * The cookie that tells the server a browser has given a protected share's right extract code
 * (docs/security.md, "An unlocked share's cookie"): a reload of the share's page paints its list
 * instead of the code prompt, and the share's API calls need no code from it. One cookie per
 * share, by name, sent only to that share's page and to the share API; HttpOnly, so no script
 * reads it; its value is an expiry and a signature, never the code.
 */

/** What a cookie is checked against: the share as it is now. */
export interface UnlockableShare {
  id: number;
  code: string;
  /** The share's current extract code: a changed code makes every cookie of the old one wrong. */
  extractCode: string;
  /** Seconds since the epoch; 0: never expires. */
  expiryTime: number;
}

/** How long a cookie holds at most: a day (less when the share expires before). */
export const UNLOCK_SECONDS = 24 * 60 * 60;

/** The paths the cookie is sent to besides the share's page: the share API (its list, paths, saves). */
const API_PATH = '/api/share';

/** The cookie's name for a share (share codes are cookie-name characters: shareCodeOfPage). */
export const unlockCookieName = (shareCode: string) => `nimbus_unlock_${shareCode}`;

/** The signature binds the share (id and code), its current extract code and the expiry. */
const signatureOf = (key: Buffer, share: UnlockableShare, expires: number) =>
  hmac(key, `share-unlock|${share.id}|${share.code}|${share.extractCode}|${expires}`);

/** The cookie's value for a share: `<expiry seconds>.<signature>`, and its lifetime; null when expired. */
export function unlockValueOf(
  key: Buffer,
  share: UnlockableShare,
  nowSeconds: number,
): { value: string; maxAge: number } | null {
  const until = share.expiryTime > 0 ? share.expiryTime : Infinity;
  const expires = Math.min(nowSeconds + UNLOCK_SECONDS, until);
  const maxAge = expires - nowSeconds;
  if (maxAge <= 0) return null;
  return { value: `${expires}.${signatureOf(key, share, expires)}`, maxAge };
}

/** At most this many characters of a value are read: a cookie is a number, a dot and 43 characters. */
const VALUE_MAX = 64;

/**
 * Whether a cookie value unlocks the share now: signed by this server for this very share and
 * extract code, and not expired. A forged, truncated or another share's value does not.
 */
export function isUnlockValue(
  key: Buffer,
  share: UnlockableShare,
  value: string,
  nowSeconds: number,
): boolean {
  if (value.length > VALUE_MAX) return false;
  const match = /^([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= nowSeconds || expires > nowSeconds + UNLOCK_SECONDS) return false;
  if (share.expiryTime > 0 && expires > share.expiryTime) return false;
  return safeEqual(match[2] ?? '', signatureOf(key, share, expires));
}

/** The value of the share's cookie in a Cookie header (the first of that name); null: none. */
export function unlockCookieIn(cookieHeader: string | undefined, shareCode: string): string | null {
  const name = unlockCookieName(shareCode);
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}

/**
 * The Set-Cookie headers of a share's cookie: one for its page (`/s/<code>`), one for the share
 * API, the same value; `Secure` on an https site. SameSite=Lax: a link from another site still
 * opens the unlocked page, but no other site's form or script call carries it.
 */
export function unlockSetCookies(
  shareCode: string,
  unlock: { value: string; maxAge: number },
  secure: boolean,
): string[] {
  const attributes = `Max-Age=${unlock.maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const name = unlockCookieName(shareCode);
  return [`/s/${shareCode}`, API_PATH].map(
    (path) => `${name}=${unlock.value}; Path=${path}; ${attributes}`,
  );
}
