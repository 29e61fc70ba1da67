/**
 * The request body of every call, in TypeBox: the JSON schema the server validates with, and the
 * contract's request type (its static type). Objects accept no other properties; nothing is
 * coerced.
 */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import {
  FOLDER_NAME_MAX,
  REPORT_MAX,
  SHARE_LIST_PAGE_MAX,
  SHARE_NAME_FILTER_MAX,
  SHARE_SEARCH_MAX,
} from '../constants';

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
const pageRequest = (maxPageSize: number) =>
  body({
    current_page: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    page_size: Type.Integer({ minimum: 1, maximum: maxPageSize }),
  });

/** What a folder's listing is sorted by: the item's name, its update time or its size. */
export const ShareListSort = Type.Union([
  Type.Literal('name'),
  Type.Literal('time'),
  Type.Literal('size'),
]);
export type ShareListSort = Static<typeof ShareListSort>;
export const ShareListOrder = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);
export type ShareListOrder = Static<typeof ShareListOrder>;

/** A call that takes no fields: an empty object (a missing body reads as one). */
export const NoFields = Type.Unsafe<Record<string, never>>(body({}));

export const ProductListRequest = body({
  app_id: Type.Union([Type.Literal(1), Type.Literal(2)]),
});

export const ShareInfoRequest = body({ share_url: Url });

export const ShareDetailRequest = body({
  share_id: Id,
  /** The share's code (its link): an id alone opens nothing. */
  share_code: ShareCode,
  /** Empty for a public share. */
  extract_code: ExtractCode,
  /** The folder to list; the share's root when absent (or 0). */
  folder_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  /**
   * One page of the folder (at most `SHARE_LIST_PAGE_MAX` items); the first
   * `SHARE_LIST_PAGE_DEFAULT` items when absent.
   */
  page: Type.Optional(pageRequest(SHARE_LIST_PAGE_MAX)),
  /**
   * The listing's order; folders always come first, and equal keys go by item id so pages stay
   * stable. Absent: folders first, then by name (the order of every listing before sorting).
   */
  sort: Type.Optional(ShareListSort),
  /** Absent: ascending for 'name', descending (newest, largest first) for 'time' and 'size'. */
  order: Type.Optional(ShareListOrder),
  /**
   * Only the items whose name contains this text, ignoring case; '%' and '_' are plain
   * characters. Sent trimmed (no leading or trailing whitespace; nothing is coerced); `total`
   * counts the matches.
   */
  name_filter: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: SHARE_NAME_FILTER_MAX,
      pattern: '^\\S(?:[\\s\\S]*\\S)?$',
    }),
  ),
  /**
   * A solved proof of work (the ALTCHA widget's payload: base64 JSON of a challenge and its
   * solution) for the challenge of a 4030 answer: a share under attack asks one for each try of a
   * code.
   */
  altcha: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
});
export type ShareDetailRequest = Static<typeof ShareDetailRequest>;
/**
 * A page of a listing as every call asks for it (only the largest page differs), named by a call's
 * exported type so that the contract's report shows its fields.
 */
export type PageRequest = NonNullable<ShareDetailRequest['page']>;

/** `/share/folder_path`: where a folder of the share sits (a folder's link opens with it). */
export const ShareFolderPathRequest = body({
  share_id: Id,
  share_code: ShareCode,
  /** Empty for a public share. */
  extract_code: ExtractCode,
  folder_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
export type ShareFolderPathRequest = Static<typeof ShareFolderPathRequest>;

/** `/share/search`: the share's files and folders, at every depth, whose names contain `q`. */
export const ShareSearchRequest = body({
  share_id: Id,
  share_code: ShareCode,
  /** Empty for a public share (or when the browser's cookie holds it unlocked). */
  extract_code: ExtractCode,
  /**
   * The text, found anywhere in a name, ignoring case; '%' and '_' are plain characters. Trimmed
   * by the server, which refuses a blank one or one longer than `SHARE_SEARCH_MAX` characters
   * with a clear message (the schema only bounds the body).
   */
  q: Type.String({ minLength: 1, maxLength: SHARE_SEARCH_MAX * 4 }),
  /** One page of the matches; the first `SHARE_LIST_PAGE_DEFAULT` when absent. */
  page: Type.Optional(pageRequest(SHARE_LIST_PAGE_MAX)),
});
export type ShareSearchRequest = Static<typeof ShareSearchRequest>;

export const SaveFileRequest = body({
  share_id: Id,
  /** The share's code (its link). */
  share_code: ShareCode,
  extract_code: ExtractCode,
  /** Destination folder; -1 is the user's default "From Share" folder. */
  folder_id: FolderId,
  file_ids: Type.Array(Id, { minItems: 1, maxItems: 10_000 }),
});
export type SaveFileRequest = Static<typeof SaveFileRequest>;

export const ShareReportRequest = body({
  share_code: ShareCode,
  /** Trimmed on the server; the 1..300 rule applies to the trimmed text. */
  content: Type.String({ minLength: 1, maxLength: REPORT_MAX * 2 }),
});
export type ShareReportRequest = Static<typeof ShareReportRequest>;

export const LoginRequest = body({
  /** The identity provider's token. */
  third_token: Type.String({ minLength: 1, maxLength: 8192 }),
});
export type LoginRequest = Static<typeof LoginRequest>;

export const FolderListRequest = body({ parent_id: FolderId, page: pageRequest(100) });

export const FolderCreateRequest = body({
  /** Checked by validateFolderName after trimming (its messages are the UI's). */
  folder_name: Type.String({ maxLength: FOLDER_NAME_MAX * 4 }),
  parent_id: FolderId,
});

export const EventReportRequest = body({
  event_name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  /** JSON text of the event content. */
  content: Type.String({ maxLength: 8192 }),
  /** MD5 of content + event_name + the configured secret. */
  sign: Type.String({ minLength: 1, maxLength: 64 }),
});
export type EventReportRequest = Static<typeof EventReportRequest>;

export const AuthUrlRequest = body({
  redirect_uri: Url,
  /** Carries `lang=...`. */
  addon_state: Type.String({ maxLength: 512 }),
});
export type AuthUrlRequest = Static<typeof AuthUrlRequest>;

export const OauthCallbackRequest = body({
  code: Type.String({ minLength: 1, maxLength: 2048 }),
  state: Type.String({ minLength: 1, maxLength: 4096 }),
  user_id: Id,
  activity_id: Id,
  redirect_uri: Url,
});
export type OauthCallbackRequest = Static<typeof OauthCallbackRequest>;
