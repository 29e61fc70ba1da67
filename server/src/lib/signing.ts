import { createHmac, timingSafeEqual } from 'node:crypto';
import { nowSeconds } from './time';

export function hmac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A compact signed, expiring value: base64url(JSON).signature. */
export function signPayload(key: Buffer, payload: object, ttlSeconds: number): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: nowSeconds() + ttlSeconds })).toString(
    'base64url',
  );
  return `${body}.${hmac(key, body)}`;
}

/** The payload of a value made by signPayload, or null when forged, malformed or expired. */
export function verifyPayload(key: Buffer, token: string): Record<string, unknown> | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, hmac(key, body))) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    const record = payload as Record<string, unknown>;
    if (typeof record.exp !== 'number' || record.exp < nowSeconds()) return null;
    return record;
  } catch {
    return null;
  }
}
