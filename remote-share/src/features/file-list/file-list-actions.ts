import type { HostServices, SharedItem } from 'shared-contracts';
import { loadFolder } from '../../state/folder-pages';
import { listOf, selectedCount, type ShareStore } from '../../state/share-store';

/** Opens a folder of the listed one (the page scrolls back to its top). */
export function openFolder(store: ShareStore, host: HostServices, folder: SharedItem) {
  window.scrollTo?.(0, 0);
  void loadFolder(store, host, [...store.fileListPath, { id: folder.id, name: folder.name }]);
}

/** The breadcrumb: back to the path's entry at `index` (0 is the share's root). */
export function goToPathEntry(store: ShareStore, host: HostServices, index: number) {
  void loadFolder(store, host, store.fileListPath.slice(0, index + 1));
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
