import dayjs from 'dayjs';

const pad = (n: number) => String(n).padStart(2, '0');

/** Media duration as HH:MM:SS; '--:--:--' when empty. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    return '--:--:--';
  }
  const total = Math.floor(seconds);
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * Unix seconds as YYYY/MM/DD HH:mm in local time; empty when missing. The server's first screen
 * writes its rows' times with `formatListTime` (shared-contracts) before its first paint: a test
 * holds the two to the same text, so the app's render changes nothing.
 */
export function formatDate(unixSeconds: number | null | undefined): string {
  if (!unixSeconds || !Number.isFinite(unixSeconds)) return '';
  return dayjs.unix(unixSeconds).format(LIST_TIME_FORMAT);
}

/** How a row shows its time (dayjs's tokens). */
export const LIST_TIME_FORMAT = 'YYYY/MM/DD HH:mm';

/** Unix seconds as the ISO instant of a `<time datetime>`: the same in every zone. */
export function isoInstantOf(unixSeconds: number): string {
  return dayjs.unix(unixSeconds).toISOString();
}

export type Expiry =
  { kind: 'permanent' } | { kind: 'days'; n: number } | { kind: 'hours'; n: number };

/**
 * Expiry (docs/product.md, "Formats"): 'Permanent' when 0; days when 24 hours or more remain; else
 * hours.
 */
export function expiryOf(expiryUnixSeconds: number, nowMs: number = Date.now()): Expiry {
  if (!expiryUnixSeconds) return { kind: 'permanent' };
  const remaining = expiryUnixSeconds - nowMs / 1000;
  if (remaining >= 24 * 3600) return { kind: 'days', n: Math.floor(remaining / (24 * 3600)) };
  return { kind: 'hours', n: Math.max(0, Math.ceil(remaining / 3600)) };
}

export type Wait = { kind: 'minutes'; n: number } | { kind: 'hours'; n: number };

/** A wait before trying again, rounded up: minutes under an hour and a half, else hours. */
export function waitOf(seconds: number): Wait {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return { kind: 'minutes', n: minutes };
  return { kind: 'hours', n: Math.ceil(minutes / 60) };
}
