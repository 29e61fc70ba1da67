/**
 * What the calls answer, in TypeBox: the `{code, msg, data}` envelope, each call's data and a
 * refusal's. The server serialises every answer with these (fast-json-stringify), so a field that
 * is not here never leaves it.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ResponseCode } from '../codes';
import { CloudFolder, Product, SharedItem } from './entities';

/** `/share/detail`: the listed items and how many the folder holds in all. */
export const ShareDetail = Type.Object({
  file_list: Type.Array(SharedItem),
  /** The folder's item count (servers before contract 1.3 leave it out: the list is whole). */
  total: Type.Optional(Type.Integer()),
});
export type ShareDetail = Static<typeof ShareDetail>;

/** `/share/folder_path`: the folders from the share's root (not included) down to the asked one. */
export const ShareFolderPath = Type.Object({
  path: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type ShareFolderPath = Static<typeof ShareFolderPath>;

/** A folder on the way from the share's root to an item: its id and its name. */
export const ShareFolderRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type ShareFolderRef = Static<typeof ShareFolderRef>;

/** A match of `/share/search`: the item, and the folders from the root (excluded) to its parent. */
export const ShareSearchItem = Type.Composite([
  SharedItem,
  Type.Object({ path: Type.Array(ShareFolderRef) }),
]);
export type ShareSearchItem = Static<typeof ShareSearchItem>;

/**
 * `/share/search`: a page of the matches, folders first, then by name in the visitor's language
 * (the listing's natural order), and how many match in all.
 */
export const ShareSearch = Type.Object({
  file_list: Type.Array(ShareSearchItem),
  total: Type.Integer(),
});
export type ShareSearch = Static<typeof ShareSearch>;

export const SaveFileResult = Type.Object({
  /** The folder the files were saved into (the real id when -1 was asked). */
  folder_id: Type.Integer(),
  folder_name: Type.String(),
  saved_count: Type.Integer(),
});
export type SaveFileResult = Static<typeof SaveFileResult>;

export const LoginResult = Type.Object({
  user_id: Type.Integer(),
  is_new: Type.Boolean(),
  token: Type.String(),
});
export type LoginResult = Static<typeof LoginResult>;

export const ProductList = Type.Object({ vip_products: Type.Array(Product) });

export const FolderList = Type.Object({ list: Type.Array(CloudFolder), total: Type.Integer() });

/** A row the call created: the new report, or the new folder with its name. */
export const Created = Type.Object({ id: Type.Integer() });
export const NamedFolder = Type.Object({ id: Type.Integer(), name: Type.String() });

export const AuthUrl = Type.Object({ auth_url: Type.String() });

export const OauthCallbackResult = Type.Object({
  user_info: Type.Object({ id: Type.String() }),
});

/** The data of a 4029 answer from a limit that says when to try again (and of a 5003). */
export const RetryAfterData = Type.Object({
  /** Seconds until the client may try again. */
  retry_after: Type.Number(),
});
export type RetryAfterData = Static<typeof RetryAfterData>;

/** The data of a 4030 answer: the ALTCHA challenge to solve before the code is tried. */
export const ProofOfWorkChallengeData = Type.Object({
  /** ALTCHA's challenge, as its widget takes it (opaque to the viewer: sent whole). */
  challenge: Type.Unsafe<object>(Type.Object({}, { additionalProperties: true })),
});
export type ProofOfWorkChallengeData = Static<typeof ProofOfWorkChallengeData>;

/** What a refusal (any code but 0) carries: nothing, or what the client needs to go on. */
export const RefusalData = Type.Union([Type.Null(), RetryAfterData, ProofOfWorkChallengeData]);
export type RefusalData = Static<typeof RefusalData>;

/**
 * Every answer of the API: `{ code, msg, data }`; code 0 is success (docs/product.md, "Response
 * codes").
 */
export const Envelope = <Data extends TSchema>(data: Data) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), data });

/** A refusal's envelope: what every 4xx and 5xx of the API is, and a 200 whose code is not 0. */
export const Refusal = Envelope(RefusalData);

/**
 * A call's HTTP 200 answer: its data when the code is 0, a refusal otherwise. An if/then/else on
 * the code rather than an anyOf of the two envelopes: fast-json-stringify then checks the code
 * alone before it writes, instead of validating the whole data (a page of 1,000 items) first.
 */
export const Answer = <Data extends TSchema>(data: Data) =>
  Type.Unsafe<Static<ReturnType<typeof Envelope<Data>>> | Static<typeof Refusal>>({
    if: Type.Object({ code: Type.Literal(ResponseCode.Success) }),
    then: Envelope(data),
    else: Refusal,
  });
