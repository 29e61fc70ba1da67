import type { Static } from '@sinclair/typebox';
import type { ApiPath, ApiRequest } from 'shared-contracts';
import type { API_BODIES } from './api-bodies';

/** True when A and B are the same type (not merely assignable one way). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * Compiles only while every body schema's static type is exactly its request type in the
 * contract (`ApiRoutes` in shared-contracts): a field added, dropped, renamed or retyped on one
 * side and not the other is a type error here (`npm test` typechecks first).
 */
export const SCHEMAS_AGREE_WITH_CONTRACT: {
  [P in ApiPath]: Same<Static<(typeof API_BODIES)[P]>, ApiRequest<P>>;
} = {
  '/user/info': true,
  '/product/list': true,
  '/share/info': true,
  '/share/detail': true,
  '/share/save_file': true,
  '/share/report': true,
  '/login': true,
  '/file/folder/list': true,
  '/file/folder/create': true,
  '/event/report': true,
  '/community_activity/{community}/auth_url': true,
  '/community_activity/{community}/oauth/callback': true,
};
