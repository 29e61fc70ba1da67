import {
  ResponseCode,
  ROOT_FOLDER_ID,
  ShareType,
  TIMEOUT_MESSAGE,
  type FolderPathEntry,
  type HostServices,
  type PrefetchedShare,
  type SharedItem,
  type ShareInfo,
} from 'shared-contracts';
import { readCachedList, writeCachedList } from './share-cache';
import { listOf, statusKindOf, withChecks, type ShareStore } from './share-store';

/**
 * Page init of spec 4: look the share up, then show its status, its code prompt or its list.
 * `prefetched` holds the answers the shell requested while this viewer loaded; what it lacks is
 * asked for here.
 */
export async function initShare(
  store: ShareStore,
  host: HostServices,
  isAlive: () => boolean,
  prefetched: PrefetchedShare | null = null,
) {
  const shareUrl = window.location.href;
  const session = host.session.state;
  if (session.token && !session.user) {
    host.session.refresh().catch(() => undefined);
  }
  if (store.info && store.phase === 'list') {
    // The store started on the list the page carried (createShareStore).
    host.events.report('share_view_details_enter', { share_code: store.info.share_code });
    return;
  }
  store.shareUrl = shareUrl;

  // Without a prefetch the call starts at once (no extra await before it).
  const prefetchedInfo = prefetched && (await prefetched.info);
  let info: ShareInfo | null;
  if (prefetchedInfo === 'timeout') {
    // The spec's timeout message now, rather than a second wait as long as the first.
    host.toast.show(TIMEOUT_MESSAGE);
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
      store.fileList = withChecks(cached.fileList);
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
  await loadFolder(store, host, store.fileListPath, prefetched?.rootList);
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

/**
 * Lists a folder of the share (the root when the path has one entry); all items start selected.
 * `prefetchedItems` is the root list the shell requested already; when it is null the folder is
 * asked for here.
 */
export async function loadFolder(
  store: ShareStore,
  host: HostServices,
  path: readonly FolderPathEntry[],
  prefetchedItems?: Promise<SharedItem[] | null>,
): Promise<void> {
  const info = store.info;
  if (!info) return;
  const request = ++store.listRequest;
  store.fileListPath = path.map((entry) => ({ ...entry }));
  store.fileList = listOf([]);
  store.listLoading = true;
  try {
    const items =
      (prefetchedItems && (await prefetchedItems)) ||
      (await listFolder(host, info, store.extractCode, path));
    if (request !== store.listRequest) return;
    store.fileList = withChecks(items);
  } catch {
    // The API client has shown the error; the list stays empty.
  } finally {
    if (request === store.listRequest) store.listLoading = false;
  }
}

/** `/share/detail` of the path's last folder; empty when the answer is an error code. */
async function listFolder(
  host: HostServices,
  info: ShareInfo,
  extractCode: string,
  path: readonly FolderPathEntry[],
): Promise<SharedItem[]> {
  const folder = path[path.length - 1];
  const response = await host.api.call('/share/detail', {
    share_id: info.id,
    extract_code: extractCode,
    ...(path.length > 1 && folder ? { folder_id: folder.id } : {}),
  });
  return response.code === ResponseCode.Success ? (response.data?.file_list ?? []) : [];
}

/** Checks an extract code; on success the list shows and is cached for reloads. */
export async function submitExtractCode(
  store: ShareStore,
  host: HostServices,
  code: string,
): Promise<'ok' | 'invalid' | 'error'> {
  const info = store.info;
  if (!info) return 'error';
  try {
    const response = await host.api.call(
      '/share/detail',
      { share_id: info.id, extract_code: code },
      { quietCodes: [ResponseCode.InvalidExtractCode] },
    );
    if (response.code === ResponseCode.InvalidExtractCode) return 'invalid';
    if (response.code !== ResponseCode.Success) return 'error';
    const list: SharedItem[] = response.data?.file_list ?? [];
    store.extractCode = code;
    store.fileListPath = [{ id: ROOT_FOLDER_ID, name: '' }];
    store.fileList = withChecks(list);
    store.phase = 'list';
    writeCachedList(store.shareUrl, code, list);
    host.events.report('share_view_details_enter', { share_code: info.share_code });
    return 'ok';
  } catch {
    return 'error';
  }
}

export function toggleItem(store: ShareStore, id: number) {
  store.fileList = listOf(
    store.fileList.map((entry) => (entry.id === id ? { ...entry, check: !entry.check } : entry)),
  );
}

export function toggleAll(store: ShareStore) {
  const all = store.fileList.length > 0 && store.fileList.every((item) => item.check);
  store.fileList = listOf(store.fileList.map((entry) => ({ ...entry, check: !all })));
}

export function checkedIds(store: ShareStore): number[] {
  return store.fileList.filter((item) => item.check).map((item) => item.id);
}
