import {
  folderIdOfQuery,
  ResponseCode,
  ROOT_FOLDER_ID,
  ShareType,
  type HostServices,
  type PrefetchedShare,
  type ShareInfo,
} from 'shared-contracts';
import { loadFolder, showList } from '../features/share-list/folder-pages';
import { listQueryFromSearch } from '../features/share-list/list-query';
import { textsIn } from '../lib/texts';
import { readCachedList } from '../state/share-cache';
import { statusKindOf, type ShareStore } from '../state/share-store';

/**
 * Page init (docs/product.md, "The share viewer"): look the share up, then show its status, its
 * code prompt or its list. `prefetched` holds the answers the shell requested while this viewer
 * loaded; what it lacks is asked for here.
 */
export async function initShare(
  store: ShareStore,
  host: HostServices,
  isAlive: () => boolean,
  prefetched: PrefetchedShare | null = null,
) {
  const shareUrl = store.shareUrl;
  const session = host.session.state;
  if (session.token && !session.user) {
    host.session.refresh().catch(() => undefined);
  }
  if (store.info && store.phase === 'list') {
    // The store started on the list the page carried (createShareStore).
    host.events.report('share_view_details_enter', { share_code: store.info.share_code });
    return;
  }

  // Without a prefetch the call starts at once (no extra await before it).
  const prefetchedInfo = prefetched && (await prefetched.info);
  let info: ShareInfo | null;
  if (prefetchedInfo === 'timeout') {
    // The product's timeout message now, rather than a second wait as long as the first.
    const t = textsIn(host.language);
    host.toast.show(t('requestTimedOut'));
    info = null;
  } else {
    info = prefetchedInfo || (await lookUpShare(host, shareUrl));
  }
  if (!isAlive()) return;
  if (!info) {
    store.statusKind = 'not-found';
    store.phase = 'status';
    return;
  }

  const kind = statusKindOf(info.status);
  store.info = info;
  if (kind !== 'valid') {
    store.statusKind = kind;
    store.phase = 'status';
    return;
  }

  store.fileListPath = [{ id: ROOT_FOLDER_ID, name: '' }];
  if (info.share_type === ShareType.Private) {
    const cached = readCachedList(shareUrl);
    if (cached) {
      store.extractCode = cached.extractCode;
      showList(store, cached.fileList);
      store.phase = 'list';
      host.events.report('share_view_details_enter', { share_code: info.share_code });
      return;
    }
    store.phase = 'code';
    host.events.report('share_view_code_enter', { share_code: info.share_code });
    return;
  }
  store.phase = 'list';
  host.events.report('share_view_details_enter', { share_code: info.share_code });
  const address = host.address.query();
  if (folderIdOfQuery(address) !== null) {
    // A folder's link: the list opens that folder (use-folder-address.ts), never the root first.
    store.listLoading = true;
    return;
  }
  const listQuery = listQueryFromSearch(new URLSearchParams(address));
  await loadFolder(store, host, store.fileListPath, prefetched?.rootList, listQuery);
}

/** `/share/info`; null when the share is unknown or the call failed (the not-found view). */
async function lookUpShare(host: HostServices, shareUrl: string): Promise<ShareInfo | null> {
  try {
    // An unknown share is the not-found view, not a toast; a timeout still says so.
    const response = await host.api.call(
      '/share/info',
      { share_url: shareUrl },
      { quietCodes: [ResponseCode.NotFound] },
    );
    return response.code === ResponseCode.Success && response.data ? response.data : null;
  } catch {
    return null;
  }
}
