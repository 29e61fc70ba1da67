/** Entities as the API sends them (snake_case; docs/product.md, "Calls") and as pages hold them. */
import type {
  CloudFolder,
  Product,
  ShareInfo,
  SharedItem,
  ShareUserInfo,
  UserIdentity,
  UserInfo,
  UserStorage,
} from './api-schemas/entities';
import type { ShareReportRequest } from './api-schemas/requests';

/*
 * What the API sends is a TypeBox schema (./api-schemas/entities, which reads the codes below);
 * these are its static types, as types only: a browser bundle takes none of TypeBox's runtime.
 */
export type {
  CloudFolder,
  Product,
  ShareInfo,
  SharedItem,
  ShareUserInfo,
  UserIdentity,
  UserInfo,
  UserStorage,
};
/** What the report sheet sends (`/share/report`). */
export type ReportPayload = ShareReportRequest;

/** 1 public, 2 protected by an extract code. */
export const ShareType = { Public: 1, Private: 2 } as const;
export type ShareType = (typeof ShareType)[keyof typeof ShareType];

/**
 * docs/decisions/0001-share-status-numbering.md: 1 valid (0 from older servers is valid too), 2
 * canceled, 3 expired, 4 deleted.
 */
export const ShareStatus = { Legacy: 0, Valid: 1, Canceled: 2, Expired: 3, Deleted: 4 } as const;
export type ShareStatus = (typeof ShareStatus)[keyof typeof ShareStatus];

/** A share that opens: status 1, or 0 from older servers. */
export function isShareOpen(status: number): boolean {
  return status === ShareStatus.Valid || status === ShareStatus.Legacy;
}

export const MediaType = { Folder: 0, Image: 1, Video: 2, Audio: 3 } as const;
/** 0 folder, 1 image, 2 video, 3 audio; any other number is an unknown file type. */
export type MediaType = number;

export const FolderType = { CloudFiles: 1, Upload: 2, FromShare: 3 } as const;
/** 1 cloud files, 2 upload, 3 shared / default save folder; any other number is a normal folder. */
export type FolderType = number;

/** 1 free, 2 vip. */
export const IdentityType = { Free: 1, Vip: 2 } as const;
export type IdentityType = (typeof IdentityType)[keyof typeof IdentityType];

/** A shared item as the viewer holds it: with the local check flag (defaults to selected). */
export interface SharedItemState extends SharedItem {
  check: boolean;
}

/** A cloud folder as a folder tree holds it, with the product's local flags. */
export interface CloudFolderNode extends CloudFolder {
  children: CloudFolderNode[];
  /** Expanded in the tree (spelt as the original specification did). */
  expend: boolean;
  /** All pages of children are loaded. */
  complete: boolean;
  /** Being named by the user (a pending new folder). */
  edit: boolean;
  loading: boolean;
  /** Key of a node not yet created on the server. */
  tempId?: string;
}

/** Root of every user's cloud tree, and the virtual default "From Share" folder. */
export const ROOT_FOLDER_ID = 0;
export const DEFAULT_SAVE_FOLDER_ID = -1;

/** One step of a folder path; the first entry of a path is the root. */
export interface FolderPathEntry {
  id: number;
  name: string;
}

/** A plan with its per-day price computed for display. */
export interface ProductWithDayPrice extends Product {
  pday: string;
}

/** Session storage: the file list of a protected share opened with its code. */
export interface ExtractCodeFileListEntry {
  extractCode: string;
  shareUrl: string;
  fileList: SharedItem[];
}

export type IdentityProviderName = 'Google' | 'AppleID';

/** What the login sheet hands to the app login action (docs/product.md, "The login sheet"). */
export interface LoginPayload {
  /** The identity provider's access token. */
  token: string;
  /** Display name. */
  username: string;
  /** Email, or phone number if no email. */
  account: string;
  autoSave: boolean;
  type: IdentityProviderName;
  /** The single file to save after login; empty when saving the selection. */
  fileId: string;
}

/** User info the mobile app gives the invite page through the bridge. */
export interface AppUserInfoAndroid {
  user_id?: number | string;
  /**
   * The app user's session token: the server acts for the app user it verifies
   * (docs/decisions/0010-invite-reward-for-the-verified-app-user.md).
   */
  token?: string;
  user_community_activity_reward?: { has_granted_discord_reward?: boolean };
}
export interface AppUserInfoIos {
  user_id?: number | string;
  /** The app user's session token. */
  token?: string;
  has_granted_discord_reward?: boolean;
}
export type AppUserInfo = AppUserInfoAndroid | AppUserInfoIos;

/** The invite page's languages (its own rule: docs/product.md, "The invite page"). */
export type InviteLanguage = 'en' | 'zh' | 'zhCHS';
export const INVITE_LANGUAGES: readonly InviteLanguage[] = ['en', 'zh', 'zhCHS'];
