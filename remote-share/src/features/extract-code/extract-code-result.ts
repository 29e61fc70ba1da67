/**
 * How the server answered an extract code: the list opens; the code is wrong; this network has
 * had too many wrong codes and may try again in `retryAfterSeconds`; the share is under attack
 * and the code is tried once this device has solved `challenge` (a proof of work); or another
 * failure, which the API client has shown already.
 */
export type ExtractCodeResult =
  | { kind: 'ok' }
  | { kind: 'invalid' }
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'proof'; challenge: object }
  | { kind: 'error' };
