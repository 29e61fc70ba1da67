import { ResponseCode } from './codes';
import type { CloudFolder, Product, ShareInfo, SharedItem, UserInfo } from './entities';

/** Every answer of the API: `{ code, msg, data }`; code 0 is success (spec section 8). */
export interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface PageRequest {
  current_page: number;
  page_size: number;
}

export interface ShareDetailRequest {
  share_id: number;
  /** The share's code (its link): an id alone opens nothing. */
  share_code: string;
  /** Empty for a public share. */
  extract_code: string;
  /** The folder to list; the share's root when absent. */
  folder_id?: number;
  /**
   * One page of the folder (at most `SHARE_LIST_PAGE_MAX` items); the first
   * `SHARE_LIST_PAGE_DEFAULT` items when absent.
   */
  page?: PageRequest;
  /**
   * A solved proof of work (the ALTCHA widget's payload) for the challenge of a 4030 answer: a
   * share under attack asks one for each try of a code.
   */
  altcha?: string;
}

/** The data of a 4030 answer: the ALTCHA challenge to solve before the code is tried. */
export interface ProofOfWorkChallengeData {
  /** ALTCHA's challenge, as its widget takes it (opaque to the viewer). */
  challenge: object;
}

/** `/share/detail`: the listed items and how many the folder holds in all. */
export interface ShareDetail {
  file_list: SharedItem[];
  /** The folder's item count (servers before contract 1.3 leave it out: the list is whole). */
  total?: number;
}

/** The data of a 4029 answer from a limit that says when to try again. */
export interface RetryAfterData {
  /** Seconds until the client may try again. */
  retry_after: number;
}

/** Seconds to wait from a 4029 answer that says so; null for any other answer. */
export function retryAfterOf(envelope: ApiEnvelope<unknown>): number | null {
  if (envelope.code !== ResponseCode.TooManyRequests) return null;
  const data = envelope.data as Partial<RetryAfterData> | null;
  const seconds = data?.retry_after;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

export interface SaveFileRequest {
  share_id: number;
  /** The share's code (its link). */
  share_code: string;
  extract_code: string;
  /** Destination folder; -1 is the user's default "From Share" folder. */
  folder_id: number;
  file_ids: number[];
}

export interface SaveFileResult {
  /** The folder the files were saved into (the real id when -1 was asked). */
  folder_id: number;
  folder_name: string;
  saved_count: number;
}

export interface LoginRequest {
  /** The identity provider's token. */
  third_token: string;
}

export interface LoginResult {
  user_id: number;
  is_new: boolean;
  token: string;
}

export interface EventReportRequest {
  event_name: string;
  /** JSON text of the event content. */
  content: string;
  /** MD5 of content + event_name + the configured secret. */
  sign: string;
}

export interface AuthUrlRequest {
  redirect_uri: string;
  /** Carries `lang=...`. */
  addon_state: string;
}

export interface OauthCallbackRequest {
  code: string;
  state: string;
  user_id: number;
  activity_id: number;
  redirect_uri: string;
}

/**
 * The route map: every call of spec section 7, path to request and response data.
 * All are `POST` with a JSON body under the API base URL.
 */
export interface ApiRoutes {
  '/user/info': { request: Record<string, never>; response: UserInfo };
  '/product/list': { request: { app_id: 1 | 2 }; response: { vip_products: Product[] } };
  '/share/info': { request: { share_url: string }; response: ShareInfo };
  '/share/detail': { request: ShareDetailRequest; response: ShareDetail };
  '/share/save_file': { request: SaveFileRequest; response: SaveFileResult | null };
  '/share/report': { request: { share_code: string; content: string }; response: { id: number } };
  '/login': { request: LoginRequest; response: LoginResult };
  '/file/folder/list': {
    request: { parent_id: number; page: PageRequest };
    response: { list: CloudFolder[]; total: number };
  };
  '/file/folder/create': {
    request: { folder_name: string; parent_id: number };
    response: { id: number; name: string };
  };
  '/event/report': { request: EventReportRequest; response: null };
  '/community_activity/{community}/auth_url': {
    request: AuthUrlRequest;
    response: { auth_url: string };
  };
  '/community_activity/{community}/oauth/callback': {
    request: OauthCallbackRequest;
    response: { user_info: { id: string } };
  };
}

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
