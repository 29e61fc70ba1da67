import { shareCodeOfPage } from 'shared-contracts';
import { takeExtractCodeOfAddress } from 'shared-contracts/page';

/** The extract code a share page's link carried (`/s/{code}?pwd=ab12`), for that share only. */
export interface LinkExtractCode {
  shareCode: string;
  code: string;
}

/** The share code of a share's page (`/s/{code}`) or of an address below it; null elsewhere. */
export function shareCodeOfSharePath(pathname: string): string | null {
  const page = /^\/s\/[^/]+/.exec(pathname)?.[0];
  return page ? shareCodeOfPage(page) : null;
}

/** What the start-up reads of the page's address and may rewrite in it. */
interface PageAddress {
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  history: Pick<History, 'replaceState' | 'state'>;
}

/**
 * Takes the extract code out of a share page's address as the page starts
 * (docs/decisions/0019-extract-code-matching-and-pwd.md): it leaves the address bar and the current
 * history entry at once (history.replaceState, other parameters and the hash kept), so a reload,
 * Back and a later Referer never carry it. The code is handed to the share viewer, which tries it
 * once. Other pages keep their address.
 */
export function takeLinkExtractCode({ location, history }: PageAddress): LinkExtractCode | null {
  const shareCode = shareCodeOfSharePath(location.pathname);
  if (!shareCode) return null;
  const taken = takeExtractCodeOfAddress(`${location.pathname}${location.search}${location.hash}`);
  if (taken.code === null) return null;
  history.replaceState(history.state, '', taken.address);
  // An empty `?pwd=` is removed too, with no code to hand on.
  return taken.code !== '' ? { shareCode, code: taken.code } : null;
}
