import { useCallback, type ReactNode } from 'react';
import {
  queryWithFolder,
  ROOT_FOLDER_ID,
  type HostServices,
  type ShareInfo,
  type ShareSearchItem,
} from 'shared-contracts';
import { FolderIcon } from '../components/ui/icons';
import { fileKindOf } from '../lib/file-kind';
import { FileTypeIcon } from '../features/share-list/components/file-type-icon';
import { loadFolder } from '../features/share-list/folder-pages';
import { writeListQuery } from '../features/share-list/list-query';
import { revealItem } from '../features/share-list/reveal-item';
import { queryWithSearch } from '../features/share-search/search-address';
import { SearchResults } from '../features/share-search/search-results';
import { useSearchAddress, useShareSearch } from '../features/share-search/use-share-search';
import type { ShareStore } from '../state/share-store';

const iconOf = (item: ShareSearchItem) =>
  item.is_folder === 1 ? <FolderIcon /> : <FileTypeIcon kind={fileKindOf(item)} />;

/**
 * The whole share searched from the list's filter (docs/product.md, "Search in the whole
 * share"): `start` searches (a history entry of its own, `?search=`), `panel` is the results
 * while the address searches, else null. A folder result opens that folder; a file result opens
 * its folder with the file's row focused. Back from there returns to the results.
 */
export function useWholeShareSearch(
  store: ShareStore,
  host: HostServices,
  info: ShareInfo,
): { start(text: string): void; panel: ReactNode } {
  const [text, go] = useSearchAddress(host);
  const search = useShareSearch(host, info, store.extractCode, text);

  const start = useCallback(
    (searched: string) => go(queryWithSearch(host.address.query(), searched)),
    [go, host],
  );

  const open = (item: ShareSearchItem) => {
    const root = store.fileListPath[0] ?? { id: ROOT_FOLDER_ID, name: '' };
    const path = [
      { id: root.id, name: root.name },
      ...item.path.map((folder) => ({ id: folder.id, name: folder.name })),
      ...(item.is_folder === 1 ? [{ id: item.id, name: item.name }] : []),
    ];
    const folderId = path.length > 1 ? (path[path.length - 1]?.id ?? null) : null;
    const params = new URLSearchParams(
      queryWithSearch(queryWithFolder(host.address.query(), folderId), null),
    );
    const listQuery = { ...store.listQuery, filter: '' };
    writeListQuery(params, listQuery);
    go(params.toString());
    window.scrollTo?.(0, 0);
    void loadFolder(store, host, path, undefined, listQuery).then(() => {
      if (item.is_folder !== 1) revealItem(store, item.id);
    });
  };

  const panel =
    text === null ? null : (
      <SearchResults
        text={text}
        search={search}
        onOpen={open}
        onClose={() => go(queryWithSearch(host.address.query(), null))}
        renderIcon={iconOf}
      />
    );
  return { start, panel };
}
