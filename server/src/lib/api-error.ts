import type { ApiEnvelope } from 'shared-contracts';
import { ResponseCode } from 'shared-contracts';

/**
 * A refusal the API answers as an envelope: HTTP 200; 429 for the limits and 503 when a
 * dependency is away (both with Retry-After).
 */
export class ApiError extends Error {
  constructor(
    readonly code: ResponseCode,
    message: string,
    /** Set for the limits and for 503: the Retry-After (seconds). */
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
/**
 * A dependency the call needs is away (docs/operations/faults-and-chaos.md, "When a dependency
 * fails"): HTTP 503 with Retry-After, code 5003; the API client tries again after that wait.
 */
export const serviceUnavailable = (message: string, retryAfterSeconds = 1) =>
  new ApiError(ResponseCode.ServiceUnavailable, message, retryAfterSeconds, {
    retry_after: retryAfterSeconds,
  });

/** What a call answers while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';

export const notFound = (what: string) => new ApiError(ResponseCode.NotFound, `${what} not found`);
export const invalidRequest = (message: string) =>
  new ApiError(ResponseCode.InvalidRequest, message);

export function success<T>(data: T): ApiEnvelope<T> {
  return { code: ResponseCode.Success, msg: 'success', data };
}

export function failure<T = null>(code: ResponseCode, msg: string, data: T | null = null) {
  return { code, msg, data } satisfies ApiEnvelope<T | null>;
}
