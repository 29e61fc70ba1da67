import {
  FIRST_PAGE,
  ResponseCode,
  ROOT_FOLDER_ID,
  SHARE_LIST_PAGE_MAX,
  type FolderPathEntry,
  type HostServices,
  type ShareDetail,
  type SharedItem,
  type ShareInfo,
} from 'shared-contracts';
import {
  DEFAULT_LIST_QUERY,
  isListPartial,
  listOf,
  type ListQuery,
  type ShareStore,
} from '../../state/share-store';
import { isDefaultListQuery, listQueryFields, normalizeFilter, sameListQuery } from './list-query';
import { relistSelection, startSelection, withSelection } from './selection';

/** `/share/detail` requests in flight at once while a large folder's later pages load. */
const PAGES_IN_FLIGHT = 2;

/** Shows a whole folder's items, each checked as the visitor left it (all, in a new folder). */
export function showList(store: ShareStore, items: readonly SharedItem[]) {
  store.fileList = listOf(withSelection(store, items));
  store.fileListTotal = items.length;
}

/**
 * Lists a folder of the share (the root when the path has one entry): all items start selected in
 * another folder; the listed one again (another sort or filter) keeps the visitor's choices.
 * `prefetchedItems` is the root list the shell requested already (in the default order, so it
 * serves only the default query); otherwise the folder is asked for here, a page at a time: the
 * first page shows at once and a large folder's later pages follow (`loadLaterPages`).
 * `query`: the sort and filter to list with; when absent, the listed folder keeps its own, and
 * another folder keeps the sort and drops the filter (a filter is about one folder's names).
 */
export async function loadFolder(
  store: ShareStore,
  host: HostServices,
  path: readonly FolderPathEntry[],
  prefetchedItems?: Promise<SharedItem[] | null>,
  query?: ListQuery,
): Promise<void> {
  const info = store.info;
  if (!info) return;
  const request = ++store.listRequest;
  const isCurrent = () => request === store.listRequest;
  const same = sameFolder(store.fileListPath, path);
  const listQuery: ListQuery = query
    ? { ...query, filter: normalizeFilter(query.filter) }
    : same
      ? { ...store.listQuery }
      : { ...store.listQuery, filter: '' };
  store.listQuery = listQuery;
  store.fileListPath = path.map((entry) => ({ ...entry }));
  if (same) relistSelection(store);
  else startSelection(store);
  showList(store, []);
  store.listLoading = true;
  try {
    const prefetched =
      prefetchedItems && isDefaultListQuery(listQuery) ? await prefetchedItems : null;
    if (prefetched) {
      if (isCurrent()) showList(store, prefetched);
      return;
    }
    const first = await listPage(host, info, store.extractCode, path, FIRST_PAGE, listQuery);
    if (!isCurrent() || !first) return;
    await showPages(store, host, info, path, first, isCurrent, listQuery);
  } catch {
    // The API client has shown the error; the list keeps what arrived.
  } finally {
    if (isCurrent()) settleList(store);
  }
}

/**
 * The toolbar's sort or filter changed: the listed folder again from its first page, with the
 * visitor's choices of checks. Nothing happens when the query is the one listed already.
 */
export function setListQuery(store: ShareStore, host: HostServices, query: ListQuery) {
  const next = { ...query, filter: normalizeFilter(query.filter) };
  if (sameListQuery(next, store.listQuery)) return Promise.resolve();
  return loadFolder(store, host, store.fileListPath, undefined, next);
}

/** Whether two paths end in the same folder. */
function sameFolder(a: readonly FolderPathEntry[], b: readonly FolderPathEntry[]): boolean {
  return a.length === b.length && a[a.length - 1]?.id === b[b.length - 1]?.id;
}

/**
 * Lists a protected share's root from the first page its code's check answered with (the
 * extract-code screen's): it shows at once and a large root's later pages follow, as a folder's.
 */
export function showCheckedRoot(store: ShareStore, host: HostServices, first: ShareDetail): void {
  const info = store.info;
  if (!info) return;
  const root = [{ id: ROOT_FOLDER_ID, name: '' }];
  const request = ++store.listRequest;
  store.fileListPath = root;
  const isCurrent = () => request === store.listRequest;
  void showPages(store, host, info, root, first, isCurrent)
    .catch(() => undefined) // The API client has shown the error of a later page.
    .finally(() => {
      if (isCurrent()) settleList(store);
    });
}

/** The list is done loading: a page that failed ends it where it is. */
function settleList(store: ShareStore) {
  store.listLoading = false;
  store.fileListTotal = Math.min(store.fileListTotal, store.fileList.length);
}

/**
 * Shows a folder's first page, then, for a large folder, appends the later pages once those
 * first rows have painted (before the next requests and answers take the main thread).
 * `query`: the sort and filter the first page was asked with; the later pages use it too.
 */
async function showPages(
  store: ShareStore,
  host: HostServices,
  info: ShareInfo,
  path: readonly FolderPathEntry[],
  first: ShareDetail,
  isCurrent: () => boolean,
  query: ListQuery = DEFAULT_LIST_QUERY,
): Promise<void> {
  store.listQuery = { ...query };
  showList(store, first.file_list);
  store.fileListTotal = Math.max(first.total ?? 0, first.file_list.length);
  store.listLoading = false;
  if (!isListPartial(store)) return;
  await afterNextPaint();
  if (isCurrent()) await loadLaterPages(store, host, info, path, isCurrent, query);
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
  query: ListQuery,
): Promise<void> {
  const lastPage = Math.ceil(store.fileListTotal / SHARE_LIST_PAGE_MAX);
  for (let next = FIRST_PAGE + 1; next <= lastPage; next += PAGES_IN_FLIGHT) {
    const numbers = Array.from(
      { length: Math.min(PAGES_IN_FLIGHT, lastPage - next + 1) },
      (_, offset) => next + offset,
    );
    const pages = await Promise.all(
      numbers.map((page) => listPage(host, info, store.extractCode, path, page, query)),
    );
    if (!isCurrent()) return;
    const items = pages.flatMap((page) => page?.file_list ?? []);
    store.fileList = listOf([...store.fileList, ...withSelection(store, items)]);
    // A failed page ends the list where it is (loadFolder then settles its total).
    if (pages.some((page) => !page || page.file_list.length < SHARE_LIST_PAGE_MAX)) return;
  }
}

/**
 * One page of `/share/detail` for the path's last folder, sorted and filtered by the query; null
 * when the answer is an error code.
 */
async function listPage(
  host: HostServices,
  info: ShareInfo,
  extractCode: string,
  path: readonly FolderPathEntry[],
  page: number,
  query: ListQuery,
): Promise<ShareDetail | null> {
  const folder = path[path.length - 1];
  const response = await host.api.call('/share/detail', {
    share_id: info.id,
    share_code: info.share_code,
    extract_code: extractCode,
    ...(path.length > 1 && folder ? { folder_id: folder.id } : {}),
    page: { current_page: page, page_size: SHARE_LIST_PAGE_MAX },
    ...listQueryFields(query),
  });
  return response.code === ResponseCode.Success && response.data ? response.data : null;
}
