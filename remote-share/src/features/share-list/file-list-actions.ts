import {
  queryWithFolder,
  type FolderPathEntry,
  type HostServices,
  type SharedItem,
} from 'shared-contracts';
import type { ListQuery, ShareStore } from '../../state/share-store';
import { loadFolder, setListQuery } from './folder-pages';
import { writeListQuery } from './list-query';

/** Opens a folder of the listed one (the page scrolls back to its top). */
export function openFolder(store: ShareStore, host: HostServices, folder: SharedItem) {
  window.scrollTo?.(0, 0);
  goToFolder(store, host, [...store.fileListPath, { id: folder.id, name: folder.name }]);
}

/** The breadcrumb: back to the path's entry at `index` (0 is the share's root). */
export function goToPathEntry(store: ShareStore, host: HostServices, index: number) {
  goToFolder(store, host, store.fileListPath.slice(0, index + 1));
}

/**
 * Lists the path's last folder as a new entry of the browser's history, with its own address:
 * the sort goes along, the name filter stays behind (loadFolder).
 */
function goToFolder(store: ShareStore, host: HostServices, path: FolderPathEntry[]) {
  const folder = path.length > 1 ? path[path.length - 1] : undefined;
  const params = new URLSearchParams(queryWithFolder(host.address.query(), folder?.id ?? null));
  writeListQuery(params, { ...store.listQuery, filter: '' });
  host.address.push(params.toString());
  void loadFolder(store, host, path);
}

/** The toolbar's sort or filter: the list reloads, and the address keeps it (no new entry). */
export function changeListQuery(store: ShareStore, host: HostServices, query: ListQuery) {
  const params = new URLSearchParams(host.address.query());
  writeListQuery(params, query);
  host.address.replace(params.toString());
  void setListQuery(store, host, query);
}
