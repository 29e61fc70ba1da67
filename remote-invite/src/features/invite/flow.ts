import { ResponseCode, type AppUserInfo, type InviteLanguage } from 'shared-contracts';

/** What the page knows about the app user. */
export interface InviteUser {
  /** The app's user id; null when the app gave none (or the bridge is missing). */
  userId: number | null;
  /**
   * The app user's session token, sent with the invite calls: the server acts only for the user
   * it verifies. Null when the app gave none.
   */
  token: string | null;
  /** The reward was granted already. */
  granted: boolean;
}

export const NO_USER: InviteUser = { userId: null, token: null, granted: false };

/** The app user the page may act for: an id and the session token that proves it. */
export function isVerifiable(
  user: InviteUser,
): user is InviteUser & { userId: number; token: string } {
  return user.userId !== null && user.token !== null;
}

/** Reads the bridge's user info: Android nests the reward flag, iOS has it at the top level. */
export function parseUserInfo(info: AppUserInfo | null | undefined): InviteUser {
  if (!info || typeof info !== 'object') return NO_USER;
  const raw = info.user_id;
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  const userId = typeof id === 'number' && Number.isFinite(id) && id > 0 ? id : null;
  const android =
    'user_community_activity_reward' in info ? info.user_community_activity_reward : undefined;
  const ios = 'has_granted_discord_reward' in info ? info.has_granted_discord_reward : undefined;
  const granted = android?.has_granted_discord_reward === true || ios === true;
  const token = typeof info.token === 'string' && info.token !== '' ? info.token : null;
  return { userId, token, granted };
}

/** The session storage key of the failure flag a failed callback leaves for the reloaded page. */
export const FAILURE_FLAG_KEY = 'nimbus.invite.failure';

export type MessageKey =
  'errorDefault' | 'errorNoUser' | 'errorReceived' | 'errorCommunityReceived';

/** The message of a failed callback: 1001 is the community account's reward; all else default. */
export function failureMessage(code: number): MessageKey {
  return code === ResponseCode.AlreadyClaimed ? 'errorCommunityReceived' : 'errorDefault';
}

/** Reads the stored failure flag's code; null without a flag. An unreadable code is a failure. */
export function readFailureCode(storage: Pick<Storage, 'getItem'>): number | null {
  const value = storage.getItem(FAILURE_FLAG_KEY);
  if (value === null) return null;
  const code = Number.parseInt(value, 10);
  return Number.isNaN(code) ? ResponseCode.Failed : code;
}

/** The OAuth return: `code` and `state` both in the address. */
export interface OauthReturn {
  code: string;
  state: string;
}

export function oauthReturnOf(search: string): OauthReturn | null {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  return code && state ? { code, state } : null;
}

/** Where the community sends the user back to: this page, without its query. */
export function redirectUriOf(origin: string, pathname: string): string {
  return origin + pathname;
}

/** The page to reload after a failed callback: same path, only the language. */
export function reloadUrlOf(pathname: string, language: InviteLanguage): string {
  return `${pathname}?lang=${encodeURIComponent(language)}`;
}

/** The addon_state the auth URL request carries, so the language survives the round trip. */
export function addonStateOf(language: InviteLanguage): string {
  return `lang=${language}`;
}

/** Whether the join button may send the user to this auth URL: http(s), origin on the allow list. */
export function isAllowedAuthUrl(url: unknown, allowedOrigins: readonly string[]): url is string {
  if (typeof url !== 'string') return false;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  return allowedOrigins.some((allowed) => {
    try {
      return new URL(allowed).origin === target.origin;
    } catch {
      return false;
    }
  });
}

/** Why the join button does not proceed, or null when it may request the auth URL. */
export function joinBlocker(user: InviteUser): MessageKey | null {
  if (user.granted) return 'errorReceived';
  if (!isVerifiable(user)) return 'errorNoUser';
  return null;
}
