import {
  ResponseCode,
  ROOT_FOLDER_ID,
  ShareType,
  type FolderPathEntry,
  type HostServices,
  type SharedItem,
} from 'shared-contracts';
import { readCachedList, writeCachedList } from './share-cache';
import { statusKindOf, withChecks, type ShareStore } from './share-store';

/** Page init of spec 4: look the share up, then show its status, its code prompt or its list. */
export async function initShare(store: ShareStore, host: HostServices, isAlive: () => boolean) {
  const shareUrl = window.location.href;
  store.shareUrl = shareUrl;
  const session = host.session.state;
  if (session.token && !session.user) {
    host.session.refresh().catch(() => undefined);
  }

  let info;
  try {
    // An unknown share is the not-found view, not a toast; a timeout still says so.
    const response = await host.api.call(
      '/share/info',
      { share_url: shareUrl },
      { quietCodes: [ResponseCode.NotFound] },
    );
    if (!isAlive()) return;
    if (response.code !== ResponseCode.Success || !response.data) {
      store.statusKind = 'not-found';
      store.phase = 'status';
      return;
    }
    info = response.data;
  } catch {
    if (!isAlive()) return;
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
  await loadFolder(store, host, store.fileListPath);
}

/** Lists a folder of the share (the root when the path has one entry); all items start selected. */
export async function loadFolder(
  store: ShareStore,
  host: HostServices,
  path: readonly FolderPathEntry[],
): Promise<void> {
  const info = store.info;
  if (!info) return;
  const request = ++store.listRequest;
  const folder = path[path.length - 1];
  store.fileListPath = path.map((entry) => ({ ...entry }));
  store.fileList = [];
  store.listLoading = true;
  try {
    const response = await host.api.call('/share/detail', {
      share_id: info.id,
      extract_code: store.extractCode,
      ...(path.length > 1 && folder ? { folder_id: folder.id } : {}),
    });
    if (request !== store.listRequest) return;
    store.fileList =
      response.code === ResponseCode.Success ? withChecks(response.data?.file_list ?? []) : [];
  } catch {
    // The API client has shown the error; the list stays empty.
  } finally {
    if (request === store.listRequest) store.listLoading = false;
  }
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
  const item = store.fileList.find((entry) => entry.id === id);
  if (item) item.check = !item.check;
}

export function toggleAll(store: ShareStore) {
  const all = store.fileList.length > 0 && store.fileList.every((item) => item.check);
  for (const item of store.fileList) item.check = !all;
}

export function checkedIds(store: ShareStore): number[] {
  return store.fileList.filter((item) => item.check).map((item) => item.id);
}
