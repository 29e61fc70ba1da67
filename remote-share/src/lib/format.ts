import {
  fileSizeOf,
  formatListTime,
  sizeInLanguage,
  type SiteLanguage,
  type Translate,
} from 'shared-contracts';
import type { TextKey } from './texts';

// Numbers are written with Latin digits in every language: it is what CLDR gives each of the
// site's languages today, pinned so that an engine with older data (Arabic-Indic digits for `ar`)
// writes what the server's first screen wrote (src/locales/README.md, "Numbers").

const pad = (n: number) => String(n).padStart(2, '0');

/** Media duration as HH:MM:SS, in Latin digits in every language; '--:--:--' when empty. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    return '--:--:--';
  }
  const total = Math.floor(seconds);
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * Unix seconds as a row shows them, in local time and the page's language (English: YYYY/MM/DD
 * HH:mm); empty when missing. It is `formatListTime` (shared-contracts), which the server's first
 * screen writes its rows' times with before its first paint: the app's render changes nothing.
 */
export function formatDate(unixSeconds: number | null | undefined, language: SiteLanguage): string {
  if (!unixSeconds || !Number.isFinite(unixSeconds)) return '';
  return formatListTime(new Date(unixSeconds * 1000), language);
}

/** Unix seconds as the ISO instant of a `<time datetime>`: the same in every zone. */
export function isoInstantOf(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}

/**
 * A file's size in the page's language (`sizeInLanguage`: its number through `Intl`, its unit from
 * the catalog); 'Unknown' when missing. English reads as ever: '512 B', '1.6 MB'.
 */
export function formatFileSize(
  bytes: number | null | undefined,
  language: SiteLanguage,
  t: Translate<TextKey>,
): string {
  const size = fileSizeOf(bytes);
  if (!size) return t('unknownSize');
  return sizeInLanguage(size, language, {
    B: (number) => t('sizeBytes', { size: number }),
    KB: (number) => t('sizeKilobytes', { size: number }),
    MB: (number) => t('sizeMegabytes', { size: number }),
    GB: (number) => t('sizeGigabytes', { size: number }),
  });
}

/** A ratio as a whole percentage in the page's language: 1.5 is '150%' ('150 %', '%150'). */
export function formatPercent(ratio: number, language: SiteLanguage): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    maximumFractionDigits: 0,
    numberingSystem: 'latn',
  }).format(Math.round(ratio * 100) / 100);
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
