import type { ApiEnvelope } from 'shared-contracts';
import { ResponseCode } from 'shared-contracts';

/** A refusal the API answers as an envelope (HTTP 200, or 429 for the rate limits). */
export class ApiError extends Error {
  constructor(
    readonly code: ResponseCode,
    message: string,
    /** Set for the limits: HTTP 429 with this Retry-After (seconds). */
    readonly retryAfterSeconds?: number,
    /** The envelope's data, when the refusal explains itself further (a limit's retry time). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const loginRequired = () =>
  new ApiError(
    ResponseCode.LoginRequired,
    'Please log in again: your session is missing or expired.',
  );
export const notFound = (what: string) => new ApiError(ResponseCode.NotFound, `${what} not found`);
export const invalidRequest = (message: string) =>
  new ApiError(ResponseCode.InvalidRequest, message);

export function success<T>(data: T): ApiEnvelope<T> {
  return { code: ResponseCode.Success, msg: 'success', data };
}

export function failure<T = null>(code: ResponseCode, msg: string, data: T | null = null) {
  return { code, msg, data } satisfies ApiEnvelope<T | null>;
}
