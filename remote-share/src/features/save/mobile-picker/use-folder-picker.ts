import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DEFAULT_SAVE_FOLDER_ID,
  FIRST_PAGE,
  ROOT_FOLDER_ID,
  type CloudFolder,
  type FolderPathEntry,
} from 'shared-contracts';
import { fetchFolderPage } from '../cloud-folders';
import { useHost } from '../../../lib/host-context';
import { useLatest } from '../../../lib/use-latest';

/** One folder's subfolders as far as they have been read (a page at a time). */
export interface FolderListing {
  items: CloudFolder[];
  page: number;
  complete: boolean;
  loading: boolean;
}

const EMPTY: FolderListing = { items: [], page: 0, complete: false, loading: false };

export interface FolderPickerOptions {
  open: boolean;
  /** The browse path to open at; the first entry is the root. */
  initialPath: readonly FolderPathEntry[];
  /** The folder chosen so far. */
  initialSelected: FolderPathEntry;
  /** The id of the user's real default folder, when known (the 'From Share' entry stands for it). */
  defaultFolderId: number | null;
  /** A folder the create sheet has just made: it is added and selected. */
  createdFolder: CloudFolder | null;
  /** The root's name ('Cloud Files'). */
  rootName: string;
}

/**
 * The folder picker's data: the browse path, the selected folder and the listing of the current
 * folder, loaded from the cloud API a page at a time. A newer request wins over an older one.
 */
export function useFolderPicker({
  open,
  initialPath,
  initialSelected,
  defaultFolderId,
  createdFolder,
  rootName,
}: FolderPickerOptions) {
  const host = useHost();
  const [path, setPath] = useState<FolderPathEntry[]>([]);
  const [selected, setSelected] = useState<FolderPathEntry>(initialSelected);
  const [listing, setListing] = useState<FolderListing>(EMPTY);
  const requestRef = useRef(0);

  /** The server id to list for a path entry ('From Share' is the real default folder). */
  const listIdOf = useCallback(
    (id: number) => (id === DEFAULT_SAVE_FOLDER_ID ? (defaultFolderId ?? id) : id),
    [defaultFolderId],
  );

  const load = useCallback(
    async (folderId: number, page: number) => {
      const request = ++requestRef.current;
      setListing((previous) => ({ ...(page === FIRST_PAGE ? EMPTY : previous), loading: true }));
      const result = await fetchFolderPage(host, listIdOf(folderId), page);
      if (request !== requestRef.current) return;
      setListing((previous) => {
        if (!result) return { ...previous, loading: false, complete: true };
        const known = new Set(previous.items.map((item) => item.id));
        const fresh = result.list.filter((item) => !known.has(item.id));
        return {
          items: page === FIRST_PAGE ? result.list : [...previous.items, ...fresh],
          page,
          complete: result.complete,
          loading: false,
        };
      });
    },
    [host, listIdOf],
  );

  // Opening: browse the saved path, the current choice selected. Only on open: later changes
  // of the initial values must not reset the picker.
  const openArgs = useLatest({ initialPath, initialSelected, rootName, load });
  useEffect(() => {
    if (!open) return;
    const args = openArgs.current;
    const start =
      args.initialPath.length > 0
        ? [...args.initialPath]
        : [{ id: ROOT_FOLDER_ID, name: args.rootName }];
    setPath(start);
    setSelected(args.initialSelected);
    void args.load((start[start.length - 1] as FolderPathEntry).id, FIRST_PAGE);
  }, [open, openArgs]);

  // A folder made by the create sheet: add it and select it.
  useEffect(() => {
    if (!open || !createdFolder) return;
    setListing((previous) =>
      previous.items.some((item) => item.id === createdFolder.id)
        ? previous
        : { ...previous, items: [createdFolder, ...previous.items] },
    );
    setSelected({ id: createdFolder.id, name: createdFolder.name });
  }, [open, createdFolder]);

  const current = path[path.length - 1];

  return {
    path,
    current,
    atRoot: path.length <= 1,
    selected,
    listing,
    listIdOf,
    /** Opens a subfolder: it becomes the current folder and the selection. */
    openFolder(entry: FolderPathEntry) {
      setPath([...path, entry]);
      setSelected(entry);
      void load(entry.id, FIRST_PAGE);
    },
    /** Goes back to the path's entry at `index`. */
    goTo(index: number) {
      const next = path.slice(0, index + 1);
      const last = next[next.length - 1] as FolderPathEntry;
      setPath(next);
      setSelected(last);
      void load(last.id, FIRST_PAGE);
    },
    /** The current folder's next page, unless it is loading or complete. */
    loadMore() {
      if (listing.loading || listing.complete || !current) return;
      void load(current.id, listing.page + 1);
    },
  };
}
