import { proxy, ref } from 'valtio';
import type {
  FolderPathEntry,
  ShareInfo,
  SharedItem,
  SharedItemState,
  ShareListOrder,
  ShareListSort,
} from 'shared-contracts';
import {
  DEFAULT_SAVE_FOLDER_ID,
  DEFAULT_SHARE_LIST_SORT,
  defaultShareListOrder,
  isShareOpen,
  ROOT_FOLDER_ID,
} from 'shared-contracts';

export type StatusKind = 'not-found' | 'canceled' | 'expired' | 'deleted';

export type Phase = 'loading' | 'status' | 'code' | 'list';

/**
 * How the listed folder is sorted and filtered: what the visitor chose in the list's toolbar,
 * sent with every page of `/share/detail` and kept in the page's address (`sort`, `order`, `q`;
 * features/share-list/list-query.ts).
 */
export interface ListQuery {
  sort: ShareListSort;
  order: ShareListOrder;
  /** A name filter, trimmed; '' lists everything. */
  filter: string;
}

/** Folders first, then by name, unfiltered: the server's order when a request names none. */
export const DEFAULT_LIST_QUERY: ListQuery = {
  sort: DEFAULT_SHARE_LIST_SORT,
  order: defaultShareListOrder(DEFAULT_SHARE_LIST_SORT),
  filter: '',
};

/**
 * The share viewer's page state (docs/product.md, "The share viewer"). One store per mounted
 * viewer.
 */
export interface ShareStore {
  phase: Phase;
  statusKind: StatusKind;
  /** The share's page address: what `/share/info` is asked for, and the key of its cached list. */
  shareUrl: string;
  info: ShareInfo | null;
  extractCode: string;
  /**
   * The listed folder's items, each with its check flag: one immutable value (see `listOf`),
   * replaced as a whole when a check changes.
   */
  fileList: SharedItemState[];
  /**
   * How many items the listed folder holds. A large folder arrives page by page: until its last
   * page, this is more than `fileList.length` (see `isListPartial`).
   */
  fileListTotal: number;
  /**
   * The check of the items still to arrive in this listing: true, as "everything starts
   * selected", until Deselect all (features/share-list/selection.ts).
   */
  checkNewItems: boolean;
  /** The check of the listed folder's items the visitor made no choice about. */
  folderCheck: boolean;
  /**
   * The visitor's own checks in the listed folder, by item id, kept across its sorts and filters
   * (outside valtio's tracking: the list is replaced whenever one shows).
   */
  checkChoices: Map<number, boolean>;
  /** The item a Shift range starts from: the last one toggled by itself. */
  rangeAnchor: number | null;
  listLoading: boolean;
  /** Path of the listed folder inside the share; the first entry is the share's root (id 0). */
  fileListPath: FolderPathEntry[];
  /** Where a save goes: id -1 is the default "From Share" folder. */
  saveFolder: FolderPathEntry;
  /** Path of the save folder in the user's cloud; the first entry is the root (id 0). */
  saveFolderPath: FolderPathEntry[];
  saving: boolean;
  /** Bumped by every list load so late answers of an older load are dropped. */
  listRequest: number;
  /** The listed folder's sort and name filter (set through features/share-list/folder-pages.ts). */
  listQuery: ListQuery;
}

/**
 * `shareUrl`: the address the viewer names its share by (`sharePageUrl`). `firstScreen`: the
 * share's info and root list when the page carried them (an open public share): the store starts
 * on the list, so the viewer's first render shows it.
 */
export function createShareStore(
  shareUrl: string,
  firstScreen: {
    info: ShareInfo;
    rootList: readonly SharedItem[];
    /** The listed folder's path below the root when it is not the root: `rootList` is its list. */
    folderPath?: readonly FolderPathEntry[];
  } | null = null,
): ShareStore {
  return proxy<ShareStore>({
    phase: firstScreen ? 'list' : 'loading',
    statusKind: 'not-found',
    shareUrl,
    info: firstScreen?.info ?? null,
    extractCode: '',
    fileList: firstScreen ? withChecks(firstScreen.rootList) : listOf([]),
    fileListTotal: firstScreen ? firstScreen.rootList.length : 0,
    checkNewItems: true,
    folderCheck: true,
    checkChoices: ref(new Map<number, boolean>()),
    rangeAnchor: null,
    listLoading: false,
    fileListPath: [{ id: ROOT_FOLDER_ID, name: '' }, ...(firstScreen?.folderPath ?? [])],
    saveFolder: { id: DEFAULT_SAVE_FOLDER_ID, name: '' },
    saveFolderPath: [{ id: ROOT_FOLDER_ID, name: '' }],
    saving: false,
    listRequest: 0,
    listQuery: { ...DEFAULT_LIST_QUERY },
  });
}

/**
 * A file list as the store holds it: outside valtio's tracking (`ref`). A folder can hold 10,000
 * items; a proxy for each would cost seconds on a phone, and reading them through snapshots
 * would make every scroll step walk them all.
 */
export function listOf(items: readonly SharedItemState[]): SharedItemState[] {
  return ref([...items]);
}

/** Items of a freshly listed folder: everything starts selected. */
export function withChecks(items: readonly SharedItem[]): SharedItemState[] {
  return listOf(items.map((item) => ({ ...item, check: true })));
}

/** The list fields of the store, or of its snapshot. */
interface ListState {
  readonly fileList: readonly SharedItemState[];
  readonly fileListTotal: number;
  readonly checkNewItems: boolean;
}

/** True while later pages of the listed folder are still to arrive. */
export function isListPartial(list: ListState): boolean {
  return list.fileList.length < list.fileListTotal;
}

/** Selected items of the folder, counting those still to arrive by `checkNewItems`. */
export function selectedCount(list: ListState): number {
  const checked = list.fileList.reduce((count, item) => count + (item.check ? 1 : 0), 0);
  const toArrive = Math.max(0, list.fileListTotal - list.fileList.length);
  return checked + (list.checkNewItems ? toArrive : 0);
}

/** Status 1 (and 0 from older servers) is valid; 2, 3, 4 have their view; anything else is not found. */
export function statusKindOf(status: number): StatusKind | 'valid' {
  if (isShareOpen(status)) return 'valid';
  if (status === 2) return 'canceled';
  if (status === 3) return 'expired';
  if (status === 4) return 'deleted';
  return 'not-found';
}

/** Ids of the selected items that have arrived. */
export function checkedIds(store: ShareStore): number[] {
  return store.fileList.filter((item) => item.check).map((item) => item.id);
}
