import {
  FIRST_PAGE,
  retryAfterOf,
  ResponseCode,
  ROOT_FOLDER_ID,
  SHARE_LIST_PAGE_MAX,
  ShareType,
  TIMEOUT_MESSAGE,
  type ApiEnvelope,
  type FolderPathEntry,
  type HostServices,
  type PrefetchedShare,
  type ProofOfWorkChallengeData,
  type ShareDetail,
  type SharedItem,
  type ShareInfo,
} from 'shared-contracts';
import type { ExtractCodeResult } from '../../features/extract-code/extract-code-result';
import { readCachedList, writeCachedList } from './share-cache';
import {
  isListPartial,
  listOf,
  selectedCount,
  showList,
  statusKindOf,
  type ShareStore,
} from './share-store';

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

/** `/share/detail` requests in flight at once while a large folder's later pages load. */
const PAGES_IN_FLIGHT = 2;

/**
 * Lists a folder of the share (the root when the path has one entry); all items start selected.
 * `prefetchedItems` is the root list the shell requested already; when it is null the folder is
 * asked for here, a page at a time: the first page shows at once and a large folder's later
 * pages follow (`loadLaterPages`).
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
  const isCurrent = () => request === store.listRequest;
  store.fileListPath = path.map((entry) => ({ ...entry }));
  showList(store, []);
  store.listLoading = true;
  try {
    const prefetched = prefetchedItems && (await prefetchedItems);
    if (prefetched) {
      if (isCurrent()) showList(store, prefetched);
      return;
    }
    const first = await listPage(host, info, store.extractCode, path, FIRST_PAGE);
    if (!isCurrent() || !first) return;
    await showPages(store, host, info, path, first, isCurrent);
  } catch {
    // The API client has shown the error; the list keeps what arrived.
  } finally {
    if (isCurrent()) settleList(store);
  }
}

/** The list is done loading: a page that failed ends it where it is. */
function settleList(store: ShareStore) {
  store.listLoading = false;
  store.fileListTotal = Math.min(store.fileListTotal, store.fileList.length);
}

/**
 * Shows a folder's first page, then, for a large folder, appends the later pages once those
 * first rows have painted (before the next requests and answers take the main thread).
 */
async function showPages(
  store: ShareStore,
  host: HostServices,
  info: ShareInfo,
  path: readonly FolderPathEntry[],
  first: ShareDetail,
  isCurrent: () => boolean,
): Promise<void> {
  showList(store, first.file_list);
  store.fileListTotal = Math.max(first.total ?? 0, first.file_list.length);
  store.listLoading = false;
  if (!isListPartial(store)) return;
  await afterNextPaint();
  if (isCurrent()) await loadLaterPages(store, host, info, path, isCurrent);
}

/** Resolves once the browser has painted the frame after the current task. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Pages 2, 3, ... of the listed folder, `PAGES_IN_FLIGHT` at a time, appended in order. */
async function loadLaterPages(
  store: ShareStore,
  host: HostServices,
  info: ShareInfo,
  path: readonly FolderPathEntry[],
  isCurrent: () => boolean,
): Promise<void> {
  const lastPage = Math.ceil(store.fileListTotal / SHARE_LIST_PAGE_MAX);
  for (let next = FIRST_PAGE + 1; next <= lastPage; next += PAGES_IN_FLIGHT) {
    const numbers = Array.from(
      { length: Math.min(PAGES_IN_FLIGHT, lastPage - next + 1) },
      (_, offset) => next + offset,
    );
    const pages = await Promise.all(
      numbers.map((page) => listPage(host, info, store.extractCode, path, page)),
    );
    if (!isCurrent()) return;
    const items = pages.flatMap((page) => page?.file_list ?? []);
    store.fileList = listOf([
      ...store.fileList,
      ...items.map((item) => ({ ...item, check: store.checkNewItems })),
    ]);
    // A failed page ends the list where it is (loadFolder then settles its total).
    if (pages.some((page) => !page || page.file_list.length < SHARE_LIST_PAGE_MAX)) return;
  }
}

/** One page of `/share/detail` for the path's last folder; null when the answer is an error code. */
async function listPage(
  host: HostServices,
  info: ShareInfo,
  extractCode: string,
  path: readonly FolderPathEntry[],
  page: number,
): Promise<ShareDetail | null> {
  const folder = path[path.length - 1];
  const response = await host.api.call('/share/detail', {
    share_id: info.id,
    share_code: info.share_code,
    extract_code: extractCode,
    ...(path.length > 1 && folder ? { folder_id: folder.id } : {}),
    page: { current_page: page, page_size: SHARE_LIST_PAGE_MAX },
  });
  return response.code === ResponseCode.Success && response.data ? response.data : null;
}

/**
 * Checks an extract code with the root's first page; on success the list shows (its later pages
 * follow) and, when it is whole, is cached for reloads.
 */
export async function submitExtractCode(
  store: ShareStore,
  host: HostServices,
  code: string,
  proof?: string,
): Promise<ExtractCodeResult> {
  const info = store.info;
  if (!info) return { kind: 'error' };
  let response: ApiEnvelope<ShareDetail>;
  try {
    // The screen says why a code was refused, inline: no toast for these.
    response = await host.api.call(
      '/share/detail',
      {
        share_id: info.id,
        share_code: info.share_code,
        extract_code: code,
        page: { current_page: FIRST_PAGE, page_size: SHARE_LIST_PAGE_MAX },
        ...(proof ? { altcha: proof } : {}),
      },
      {
        quietCodes: [
          ResponseCode.InvalidExtractCode,
          ResponseCode.TooManyRequests,
          ResponseCode.ProofOfWorkRequired,
        ],
      },
    );
  } catch {
    return { kind: 'error' };
  }
  if (response.code === ResponseCode.InvalidExtractCode) return { kind: 'invalid' };
  const challenge = challengeOf(response);
  if (challenge) return { kind: 'proof', challenge };
  const retryAfterSeconds = retryAfterOf(response);
  if (retryAfterSeconds !== null) return { kind: 'locked', retryAfterSeconds };
  if (response.code !== ResponseCode.Success || !response.data) {
    if (response.code === ResponseCode.TooManyRequests) host.toast.show(response.msg);
    return { kind: 'error' };
  }
  const first = response.data;
  const root = [{ id: ROOT_FOLDER_ID, name: '' }];
  const request = ++store.listRequest;
  store.extractCode = code;
  store.fileListPath = root;
  store.phase = 'list';
  host.events.report('share_view_details_enter', { share_code: info.share_code });
  const whole = (first.total ?? first.file_list.length) <= first.file_list.length;
  if (whole) writeCachedList(store.shareUrl, code, first.file_list);
  const isCurrent = () => request === store.listRequest;
  void showPages(store, host, info, root, first, isCurrent)
    .catch(() => undefined) // The API client has shown the error of a later page.
    .finally(() => {
      if (isCurrent()) settleList(store);
    });
  return { kind: 'ok' };
}

/** The proof-of-work challenge of a 4030 answer; null for any other answer. */
function challengeOf(response: ApiEnvelope<unknown>): object | null {
  if (response.code !== ResponseCode.ProofOfWorkRequired) return null;
  const data = response.data as Partial<ProofOfWorkChallengeData> | null;
  return typeof data?.challenge === 'object' && data.challenge !== null ? data.challenge : null;
}

export function toggleItem(store: ShareStore, id: number) {
  store.fileList = listOf(
    store.fileList.map((entry) => (entry.id === id ? { ...entry, check: !entry.check } : entry)),
  );
}

/** Select all, or Deselect all when everything is selected; items still to arrive follow. */
export function toggleAll(store: ShareStore) {
  const all = store.fileListTotal > 0 && selectedCount(store) === store.fileListTotal;
  store.checkNewItems = !all;
  store.fileList = listOf(store.fileList.map((entry) => ({ ...entry, check: !all })));
}

export function checkedIds(store: ShareStore): number[] {
  return store.fileList.filter((item) => item.check).map((item) => item.id);
}
