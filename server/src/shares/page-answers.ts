import {
  FIRST_PAGE,
  isShareOpen,
  ResponseCode,
  ShareType,
  type FolderPathEntry,
  type SiteLanguage,
} from 'shared-contracts';
import { SHARE_ANSWERS_MAX_ITEMS, type ShareAnswersInPage } from 'shared-contracts/page';
import { ApiError } from '../lib/api-error';
import type { ShareService } from '../plugins/app/shares';

/** What a share page's list is (ShareService.pageAnswers). */
export interface PageListOptions {
  maxItems?: number;
  /** The request holds the protected share's unlock cookie (ShareUnlocks.pageUnlocked). */
  unlocked?: boolean;
  /** The folder the page's address names; null: the root. */
  folderId?: number | null;
}

/**
 * What a share page carries: `/share/info`, and an open public share's list of at most
 * `maxItems` in the page's language's order: its root's, or the folder `folderId`'s with the
 * folder's path (the root's when the share holds no such folder, as the app then shows); a
 * protected share's too when `unlocked`. A longer list is not carried (the app pages it).
 */
export async function pageAnswersOf(
  shares: Pick<ShareService, 'infoByCode' | 'folderPath' | 'listPage'>,
  code: string,
  origin: string,
  language: SiteLanguage,
  { maxItems = SHARE_ANSWERS_MAX_ITEMS, unlocked = false, folderId = null }: PageListOptions,
): Promise<ShareAnswersInPage | null> {
  const info = await shares.infoByCode(code, origin);
  if (!info) return null;
  if (!isShareOpen(info.status) || (info.share_type !== ShareType.Public && !unlocked)) {
    return { share_code: code, info, root_list: null };
  }
  // The info has just shown the share open: its id is all the listing needs.
  const share = { id: info.id };
  let folderPath: FolderPathEntry[] | undefined;
  if (folderId !== null) {
    try {
      folderPath = await shares.folderPath(share, folderId);
    } catch (error) {
      // Not a folder of this share (a stale or edited link): its root.
      if (!(error instanceof ApiError && error.code === ResponseCode.NotFound)) throw error;
    }
  }
  // One page of `maxItems` and the count tell a short list from a long one without listing it.
  const firstPage = { current_page: FIRST_PAGE, page_size: maxItems };
  const listed = folderPath ? (folderId ?? undefined) : undefined;
  const list = await shares.listPage(share, listed, origin, firstPage, { language });
  return {
    share_code: code,
    info,
    root_list: list.total <= maxItems ? list.file_list : null,
    ...(folderPath ? { folder_path: folderPath } : {}),
  };
}
