/** Request headers every call sends (docs/product.md, "Calls"). */
export const API_HEADERS = {
  appName: 'X-App-Name',
  language: 'X-Language',
  token: 'X-Token',
  /**
   * A new random key with every call: a call repeated with the same key (a load balancer's retry)
   * is done once, and answers what it answered the first time (saves, new folders).
   */
  idempotencyKey: 'Idempotency-Key',
} as const;
export const APP_NAME_HEADER_VALUE = 'web';
export const LANGUAGE_HEADER_VALUE = 'en-us';
