import type { RemoteName } from './config';
import type { SharedItem, ShareInfo } from './entities';

/**
 * The remote a page shows (the shell's routes): the invite page, or the share viewer on every
 * other page. The server preloads that remote's files; the shell's entry chunk starts loading it.
 */
export function remoteOfPage(pathname: string): RemoteName {
  return /^\/invite\/?$/.test(pathname) ? 'invite' : 'share';
}

/** The share code of a share page's path (`/s/{code}`); null on any other page. */
export function shareCodeOfPage(pathname: string): string | null {
  const code = /^\/s\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!code) return null;
  try {
    return decodeURIComponent(code);
  } catch {
    return null;
  }
}

/**
 * A share page's first answers, written by the server into the page it serves, so the app has
 * them as it starts instead of asking for them over the network.
 */
export interface ShareAnswersInPage {
  /** The share code of the page they were written for. */
  share_code: string;
  /** What `/share/info` answers for that page. */
  info: ShareInfo;
  /**
   * What `/share/detail` answers for the root of an open public share; null for any other share,
   * and for a root too long to write into the page (the app asks for it).
   */
  root_list: SharedItem[] | null;
}

/** The id of the script element of type application/json that carries `ShareAnswersInPage`. */
export const SHARE_ANSWERS_ELEMENT_ID = 'share-answers';

/** The most root items the server writes into a page (about 400 bytes each). */
export const SHARE_ANSWERS_MAX_ITEMS = 200;
