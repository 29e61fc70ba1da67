import type { Static } from '@sinclair/typebox';
import type { ApiEnvelope, ApiPath, ApiResponse } from 'shared-contracts';
import type { API_ROUTES, Answer, Refusal, RefusalData } from 'shared-contracts/schemas';

/** True when A and B are the same type (not merely assignable one way). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

type AnswerOf<P extends ApiPath> = Static<
  ReturnType<typeof Answer<(typeof API_ROUTES)[P]['response']>>
>;

/**
 * Every type of the API is its schema's static type but the envelope: `ApiEnvelope` is generic, so
 * written by hand. These compile only while the schemas the routes answer with
 * (`route-schemas.ts`) have its shape (`npm test` typechecks first): a 200 is the call's data or a
 * refusal's, a 4xx or 5xx a refusal's.
 */
export const ANSWERS_AGREE_WITH_CONTRACT: {
  [P in ApiPath]: Same<AnswerOf<P>, ApiEnvelope<ApiResponse<P>> | ApiEnvelope<RefusalData>>;
} = {
  '/user/info': true,
  '/logout': true,
  '/product/list': true,
  '/share/info': true,
  '/share/detail': true,
  '/share/folder_path': true,
  '/share/search': true,
  '/share/save_file': true,
  '/share/report': true,
  '/login': true,
  '/file/folder/list': true,
  '/file/folder/create': true,
  '/event/report': true,
  '/community_activity/{community}/auth_url': true,
  '/community_activity/{community}/oauth/callback': true,
};

export const REFUSALS_AGREE_WITH_CONTRACT: Same<
  Static<typeof Refusal>,
  ApiEnvelope<RefusalData>
> = true;
