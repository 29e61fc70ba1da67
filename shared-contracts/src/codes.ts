/** Response codes (docs/product.md, "Response codes"). */
export const ResponseCode = {
  Success: 0,
  /** A callback's generic failure (invite: default error). */
  Failed: 1000,
  /** Silent on the general call layer; invite: the community account already got the reward. */
  AlreadyClaimed: 1001,
  /** Login missing, expired or revoked: the client clears its login. */
  LoginRequired: 2000,
  /** Storage full: passed to the caller without a toast. */
  StorageFull: 4001,
  /** Bad input rejected at the server's edge. */
  InvalidRequest: 4000,
  /** Wrong extract code. */
  InvalidExtractCode: 4002,
  /** The sharer tried to save their own share. */
  OwnShare: 4003,
  NotFound: 4004,
  /** A folder of that name already exists in the parent. */
  NameTaken: 4009,
  /** Too many attempts; the HTTP answer is 429 with Retry-After. */
  TooManyRequests: 4029,
  /**
   * The share is under attack: each try of a code needs a solved proof of work first (the data
   * carries the challenge: ProofOfWorkChallengeData). The viewer solves it and tries again.
   */
  ProofOfWorkRequired: 4030,
  ServerError: 5000,
  /**
   * A service the call needs is away for a moment (the database restarts, sign-in's keys cannot be
   * read): HTTP 503 with Retry-After; the API client tries the same call again after that wait.
   */
  ServiceUnavailable: 5003,
} as const;
export type ResponseCode = (typeof ResponseCode)[keyof typeof ResponseCode];

/** Codes the API client passes to the caller without a toast. */
export const SILENT_CODES: readonly number[] = [
  ResponseCode.Failed,
  ResponseCode.AlreadyClaimed,
  ResponseCode.StorageFull,
];
