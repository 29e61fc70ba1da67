import {
  folderIdOfQuery,
  queryWithFolder,
  ResponseCode,
  ROOT_FOLDER_ID,
  type FolderPathEntry,
  type HostServices,
} from 'shared-contracts';
import { loadFolder } from './folder-pages';
import { isDefaultListQuery, listQueryFromSearch, sameListQuery } from './list-query';
import type { ShareStore } from '../../state/share-store';

/**
 * Lists the folder the query names (the share's root when it names none), without a history
 * entry: the address is there already (a folder's link, a reload, Back or Forward). A folder on
 * the listed path is known; another one's path is asked for. A folder the share does not hold
 * (a stale or edited link) shows the root, and the address says so.
 */
export async function showAddressedFolder(
  store: ShareStore,
  host: HostServices,
  query: string,
): Promise<void> {
  const wanted = folderIdOfQuery(query) ?? ROOT_FOLDER_ID;
  const listQuery = listQueryFromSearch(new URLSearchParams(query));
  const path = store.fileListPath;
  const onPath = path.findIndex((entry) => entry.id === wanted);
  if (onPath === path.length - 1 && sameListQuery(listQuery, store.listQuery)) return;
  if (onPath >= 0) {
    await loadFolder(store, host, path.slice(0, onPath + 1), undefined, listQuery);
    return;
  }
  const root = path[0] ?? { id: ROOT_FOLDER_ID, name: '' };
  store.listLoading = true;
  const below = await folderPathOf(store, host, wanted);
  if (below) {
    await loadFolder(store, host, [root, ...below], undefined, listQuery);
    return;
  }
  host.address.replace(queryWithFolder(query, null));
  await loadFolder(store, host, [root], undefined, listQuery);
}

/**
 * Whether the address asks for the list the page carried (`paintedFolderId`: the share's root or
 * the folder the server listed), in its plain order: not another folder, a sort or a filter.
 */
export function addressListsPainted(query: string, paintedFolderId: number): boolean {
  return (
    (folderIdOfQuery(query) ?? ROOT_FOLDER_ID) === paintedFolderId &&
    isDefaultListQuery(listQueryFromSearch(new URLSearchParams(query)))
  );
}

/** The folders from the root (excluded) down to `folderId`; null when the share has no such folder. */
async function folderPathOf(
  store: ShareStore,
  host: HostServices,
  folderId: number,
): Promise<FolderPathEntry[] | null> {
  const info = store.info;
  if (!info) return null;
  try {
    const response = await host.api.call(
      '/share/folder_path',
      {
        share_id: info.id,
        share_code: info.share_code,
        extract_code: store.extractCode,
        folder_id: folderId,
      },
      { quietCodes: [ResponseCode.NotFound] },
    );
    return response.code === ResponseCode.Success && response.data ? response.data.path : null;
  } catch {
    return null;
  }
}
