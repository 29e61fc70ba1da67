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
  ShareFolderRef,
  ShareSearch,
  ShareSearchItem,
} from './api-schemas/answers';
export type {
  AuthUrlRequest,
  EventReportRequest,
  LoginRequest,
  OauthCallbackRequest,
  PageRequest,
  SaveFileRequest,
  ShareDetailRequest,
  ShareReportRequest,
  ShareSearchRequest,
} from './api-schemas/requests';
/*
 * The route map's schemas, as a type: the contract's report shows every path with its request's
 * and its answer's fields, so a changed route is a change of the contract.
 */
export type { API_ROUTES } from './api-schemas/routes';

/**
 * Every answer of the API: `{ code, msg, data }`; code 0 is success (docs/product.md, "Response
 * codes"). Generic, so written here; the server checks it against the schema's (`Envelope` in
 * ./api-schemas).
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

/**
 * The route map: every call of docs/product.md, "Calls", path to request and response data.
 * All are `POST` with a JSON body under the API base URL.
 */
export type ApiRoutes = {
  [P in keyof typeof API_ROUTES]: {
    request: Static<(typeof API_ROUTES)[P]['request']>;
    response: Static<(typeof API_ROUTES)[P]['response']>;
  };
};

export type ApiPath = keyof ApiRoutes;
export type ApiRequest<P extends ApiPath> = ApiRoutes[P]['request'];
export type ApiResponse<P extends ApiPath> = ApiRoutes[P]['response'];

/** The concrete URL path of a route: `{community}` filled in. */
export function routePath(path: ApiPath, community: string): string {
  return path.replace('{community}', encodeURIComponent(community));
}
