import type { Static } from '@sinclair/typebox';
import type { RetryAfterData } from './api-schemas/answers';
import type { API_ROUTES } from './api-schemas/routes';
import { ResponseCode } from './codes';

/*
 * The API's shapes are TypeBox schemas (`./api-schemas`, the server's `shared-contracts/schemas`);
 * the types here are their static types, exported as types only: a browser bundle takes none of
 * TypeBox's runtime.
 */
export type {
  LoginResult,
  ProofOfWorkChallengeData,
  RetryAfterData,
  SaveFileResult,
  ShareDetail,
} from './api-schemas/answers';
export type {
  AuthUrlRequest,
  EventReportRequest,
  LoginRequest,
  OauthCallbackRequest,
  PageRequest,
  SaveFileRequest,
  ShareDetailRequest,
} from './api-schemas/requests';

/**
 * Every answer of the API: `{ code, msg, data }`; code 0 is success (spec section 8). Generic, so
 * written here; the server checks it against the schema's (`Envelope` in ./api-schemas).
 */
export interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Seconds to wait from a 4029 answer that says so; null for any other answer. */
export function retryAfterOf(envelope: ApiEnvelope<unknown>): number | null {
  if (envelope.code !== ResponseCode.TooManyRequests) return null;
  const data = envelope.data as Partial<RetryAfterData> | null;
  const seconds = data?.retry_after;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

type RouteSchemas = typeof API_ROUTES;

/**
 * The route map: every call of spec section 7, path to request and response data.
 * All are `POST` with a JSON body under the API base URL.
 */
export type ApiRoutes = {
  [P in keyof RouteSchemas]: {
    request: Static<RouteSchemas[P]['request']>;
    response: Static<RouteSchemas[P]['response']>;
  };
};

export type ApiPath = keyof ApiRoutes;
export type ApiRequest<P extends ApiPath> = ApiRoutes[P]['request'];
export type ApiResponse<P extends ApiPath> = ApiRoutes[P]['response'];

/** The concrete URL path of a route: `{community}` filled in. */
export function routePath(path: ApiPath, community: string): string {
  return path.replace('{community}', encodeURIComponent(community));
}

/** Request headers every call sends (spec section 7). */
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
