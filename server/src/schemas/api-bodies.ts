import { Type, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { FOLDER_NAME_MAX, REPORT_MAX, SHARE_LIST_PAGE_MAX, type ApiPath } from 'shared-contracts';

/**
 * The request body of every call of `ApiRoutes`, written once, in TypeBox: each is the JSON schema
 * Fastify validates with, and its static type is checked against the contract's
 * (`schemas/agreement.ts`, and `test/schemas.test.ts` at run time). Objects accept no other
 * properties; nothing is coerced.
 */
const body = <Properties extends TProperties>(properties: Properties): TObject<Properties> =>
  Type.Object(properties, { additionalProperties: false });

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const ExtractCode = Type.String({ maxLength: 16 });
/** The code of the share's link: calls by share id need it too (an id alone opens nothing). */
const ShareCode = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
/** A cloud folder: -1 is the From Share folder, 0 the root. */
const FolderId = Type.Integer({ minimum: -1, maximum: 2147483647 });
const Url = Type.String({ minLength: 1, maxLength: 2048 });

/** `{current_page, page_size}`: pages count from 1. */
const PageRequest = (maxPageSize: number) =>
  body({
    current_page: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    page_size: Type.Integer({ minimum: 1, maximum: maxPageSize }),
  });

/** A call that takes no fields: an empty object (a missing body reads as one). */
const NoFields = Type.Unsafe<Record<string, never>>(body({}));

export const API_BODIES = {
  '/user/info': NoFields,
  '/product/list': body({ app_id: Type.Union([Type.Literal(1), Type.Literal(2)]) }),
  '/share/info': body({ share_url: Url }),
  '/share/detail': body({
    share_id: Id,
    share_code: ShareCode,
    extract_code: ExtractCode,
    // 0 reads as the share's root, like an absent folder_id.
    folder_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
    // Without it the first SHARE_LIST_PAGE_DEFAULT items are listed.
    page: Type.Optional(PageRequest(SHARE_LIST_PAGE_MAX)),
    // The ALTCHA widget's payload (base64 JSON of a challenge and its solution).
    altcha: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  }),
  '/share/save_file': body({
    share_id: Id,
    share_code: ShareCode,
    extract_code: ExtractCode,
    folder_id: FolderId,
    file_ids: Type.Array(Id, { minItems: 1, maxItems: 10_000 }),
  }),
  '/share/report': body({
    share_code: ShareCode,
    // Trimmed on the server; the 1..300 rule applies to the trimmed text.
    content: Type.String({ minLength: 1, maxLength: REPORT_MAX * 2 }),
  }),
  '/login': body({ third_token: Type.String({ minLength: 1, maxLength: 8192 }) }),
  '/file/folder/list': body({ parent_id: FolderId, page: PageRequest(100) }),
  '/file/folder/create': body({
    // Checked by validateFolderName after trimming (its messages are the UI's).
    folder_name: Type.String({ maxLength: FOLDER_NAME_MAX * 4 }),
    parent_id: FolderId,
  }),
  '/event/report': body({
    event_name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
    content: Type.String({ maxLength: 8192 }),
    sign: Type.String({ minLength: 1, maxLength: 64 }),
  }),
  '/community_activity/{community}/auth_url': body({
    redirect_uri: Url,
    addon_state: Type.String({ maxLength: 512 }),
  }),
  '/community_activity/{community}/oauth/callback': body({
    code: Type.String({ minLength: 1, maxLength: 2048 }),
    state: Type.String({ minLength: 1, maxLength: 4096 }),
    user_id: Id,
    activity_id: Id,
    redirect_uri: Url,
  }),
} satisfies { [P in ApiPath]: TSchema };

/** Fastify's route schema of a call of ApiRoutes. */
export const schemaOf = <P extends ApiPath>(path: P) => ({ body: API_BODIES[path] });

/** `/logout`, the server's own call beyond the contract's, takes no fields either. */
export const EMPTY_BODY = { body: NoFields };
