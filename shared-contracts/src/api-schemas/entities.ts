/**
 * Entities as the API sends them (snake_case; docs/product.md, "Calls"), in TypeBox: each schema is
 * what the server serialises an answer with, and its static type is the contract's type of the same
 * name (re-exported as a type only by `../entities`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdentityType, ShareStatus, ShareType } from '../entities';

/**
 * One of a few integer codes: `{type: 'integer', enum}` rather than TypeBox's union of literals
 * (an `anyOf`), which fast-json-stringify would validate branch by branch for every value it
 * writes. TypeBox checks it as an integer; JSON Schema validators check the enum too.
 */
const IntegerCode = <const Code extends number>(codes: readonly Code[]) =>
  Type.Unsafe<Code>(Type.Integer({ enum: [...codes] }));

/** A 0/1 flag. */
const Flag = IntegerCode([0, 1]);

export const ShareUserInfo = Type.Object({
  id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
});
export type ShareUserInfo = Static<typeof ShareUserInfo>;

/** The share lookup result (`/share/info`). */
export const ShareInfo = Type.Object({
  id: Type.Integer(),
  share_code: Type.String(),
  share_name: Type.String(),
  /** The files the share holds at every depth, and their bytes (contract 2.1). */
  file_count: Type.Integer({ minimum: 0 }),
  total_size: Type.Integer({ minimum: 0 }),
  share_type: IntegerCode(Object.values(ShareType)),
  status: IntegerCode(Object.values(ShareStatus)),
  user_info: ShareUserInfo,
  /** Unix seconds; 0 means permanent. */
  expiry_time: Type.Integer(),
});
export type ShareInfo = Static<typeof ShareInfo>;

export const UserStorage = Type.Object({
  max_storage: Type.Integer(),
  available_storage: Type.Integer(),
  max_offline_file_size: Type.Integer(),
});
export type UserStorage = Static<typeof UserStorage>;

export const UserIdentity = Type.Object({
  identity_type: IntegerCode(Object.values(IdentityType)),
  /** Unix seconds; 0 when not vip. */
  vip_expiry_time: Type.Integer(),
});
export type UserIdentity = Static<typeof UserIdentity>;

export const UserInfo = Type.Object({
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  user_storage: UserStorage,
  user_identity: UserIdentity,
});
export type UserInfo = Static<typeof UserInfo>;

/** A shared file or folder of a share's list. */
export const SharedItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  thumb_url: Type.String(),
  /**
   * A grid tile's thumbnail that the server makes (256 px square, WebP); '' for an item without
   * one. Absent from servers before contract 2.2.
   */
  grid_thumb_url: Type.Optional(Type.String()),
  /** The same thumbnail at 512 px, for screens of two device pixels per px or more. */
  grid_thumb_url_2x: Type.Optional(Type.String()),
  download_url: Type.String(),
  /** 1 when download_url is an HLS playlist. */
  is_m3u8: Flag,
  /** Seconds; 0 when not media. */
  duration: Type.Integer(),
  /** Bytes. */
  total_size: Type.Integer(),
  /** Unix seconds. */
  create_time: Type.Integer(),
  /** Unix seconds. */
  update_time: Type.Integer(),
  /** A MediaType: 0 folder, 1 image, 2 video, 3 audio; any other number is an unknown file type. */
  media_type: Type.Integer(),
  /** 1 = folder. */
  is_folder: Flag,
});
export type SharedItem = Static<typeof SharedItem>;

/** A folder of the user's own cloud, as the API sends it. */
export const CloudFolder = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parent_id: Type.Integer(),
  /** Unix seconds. */
  update_time: Type.Integer(),
  /** A FolderType: 1 cloud files, 2 upload, 3 shared / default save folder; any other is normal. */
  folder_type: Type.Integer(),
  subfolder_num: Type.Integer(),
});
export type CloudFolder = Static<typeof CloudFolder>;

/** A vip plan (`/product/list`). */
export const Product = Type.Object({
  /** Dollars. */
  price: Type.Number(),
  /** 1 month, otherwise week. */
  cycle_type: Type.Integer(),
  cycle_num: Type.Integer(),
  is_default: Flag,
  third_product_id: Type.String(),
  name: Type.String(),
  /** Dollars; 0 means no discount. */
  discount_price: Type.Number(),
});
export type Product = Static<typeof Product>;
