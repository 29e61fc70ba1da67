import { REQUEST_TIMEOUT_MS, routePath, type ApiPath, type SiteLanguage } from 'shared-contracts';
import { API_HEADERS, APP_NAME_HEADER_VALUE, type RuntimeConfig } from 'shared-contracts/page';

/** The URL of a route under the API base URL, `{community}` filled in. */
export function apiUrl(config: Pick<RuntimeConfig, 'apiBaseUrl' | 'community'>, path: ApiPath) {
  return `${config.apiBaseUrl.replace(/\/$/, '')}${routePath(path, config.community)}`;
}

/** 128 random bits as hex: a call's Idempotency-Key (crypto.getRandomValues works on http too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The share page's prefetch requests (start-up/share-prefetch.ts), which run from the entry chunk
 * before the app's code and the API client have loaded: plain `fetch`
 * (docs/decisions/0023-pinned-stack-and-module-federation.md allows it there), POST JSON with the
 * product's headers (the page's language among them) and the 10 s timeout. Rejects on a network
 * failure, or with a DOMException named 'TimeoutError' when the time is up.
 */
export function postJson(url: string, body: unknown, language: SiteLanguage) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [API_HEADERS.appName]: APP_NAME_HEADER_VALUE,
      [API_HEADERS.language]: language,
      [API_HEADERS.idempotencyKey]: newIdempotencyKey(),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

export function isTimeoutError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
