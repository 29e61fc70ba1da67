/** Request headers every call sends (docs/product.md, "Calls"). */
export const API_HEADERS = {
  appName: 'X-App-Name',
  /** The page's language (`SiteLanguage`: `en`, `zh-Hans`, `pt-BR`, ...). */
  language: 'X-Language',
  token: 'X-Token',
  /**
   * A new random key with every call: a call repeated with the same key (a load balancer's retry)
   * is done once, and answers what it answered the first time (saves, new folders).
   */
  idempotencyKey: 'Idempotency-Key',
} as const;
export const APP_NAME_HEADER_VALUE = 'web';
