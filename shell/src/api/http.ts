import {
  API_HEADERS,
  APP_NAME_HEADER_VALUE,
  LANGUAGE_HEADER_VALUE,
  REQUEST_TIMEOUT_MS,
  routePath,
  type ApiPath,
  type RuntimeConfig,
} from 'shared-contracts';

/** The part of `fetch` the API uses; tests pass their own. */
export type FetchLike = (
  url: string,
  init: RequestInit,
) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

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
 * One API request: POST JSON with the spec's headers (section 7), a new Idempotency-Key (a
 * load balancer may send the request again when an instance fails: the server does it once), and
 * the 10 s timeout. Rejects
 * on a network failure, or with a DOMException named 'TimeoutError' when the time is up.
 * Plain `fetch`, no HTTP library: the share page's first screen has a JavaScript budget.
 */
export function postJson(
  url: string,
  body: unknown,
  token = '',
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
) {
  return fetchImpl(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [API_HEADERS.appName]: APP_NAME_HEADER_VALUE,
      [API_HEADERS.language]: LANGUAGE_HEADER_VALUE,
      [API_HEADERS.idempotencyKey]: newIdempotencyKey(),
      ...(token ? { [API_HEADERS.token]: token } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

export function isTimeoutError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
