import {
  folderIdOfQuery,
  queryWithFolder,
  shareCodeOfPage,
  sharePageUrl,
  type DeepLinkTarget,
} from 'shared-contracts';

/** The share a page shows, and its open folder (null at the share's root): the deep link's. */
type PageShare = Extract<DeepLinkTarget, { share: unknown }>['share'];

type PageLocation = Pick<Location, 'origin' | 'pathname' | 'search'>;

/** The share this page shows (`/s/{code}`, `?folder=`); null off a share page. */
export function pageShareOf(location: PageLocation): PageShare | null {
  const code = shareCodeOfPage(location.pathname);
  return code === null ? null : { code, folderId: folderIdOfQuery(location.search) };
}

/**
 * The address a phone opens to go on where this page is: the share page and its open folder,
 * without the extract code (a code on screen is for anyone who can see the screen) or anything
 * else of its query. Null off a share page.
 */
export function shareAddressOf(location: PageLocation): string | null {
  const share = pageShareOf(location);
  if (!share) return null;
  const page = sharePageUrl(location.origin, share.code);
  const folder = queryWithFolder('', share.folderId);
  return folder ? `${page}?${folder}` : page;
}
