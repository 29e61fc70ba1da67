import type { SharedItem, SharedItemState } from 'shared-contracts';
import { listOf, selectedCount, type ShareStore } from '../../state/share-store';

/*
 * What is selected in the listed folder. Every item starts selected (`folderCheck`); what the
 * visitor checks or unchecks by hand is kept by id (`checkChoices`) for as long as the folder is
 * listed, whatever its sort or filter: a filter never loses a choice nor silently adds one.
 */

/** An item's check: the visitor's own choice, else that of the items arriving in this listing. */
function checkOf(store: ShareStore, id: number): boolean {
  return store.checkChoices.get(id) ?? store.checkNewItems;
}

/** Another folder is listed: everything in it starts selected. */
export function startSelection(store: ShareStore) {
  store.folderCheck = true;
  store.checkNewItems = true;
  store.checkChoices.clear();
  store.rangeAnchor = null;
}

/**
 * Items of the listed folder as they arrive, with their checks. An item that arrives after a
 * filtered Select or Deselect all gets that as its own choice, so it keeps it once the filter
 * is cleared.
 */
export function withSelection(store: ShareStore, items: readonly SharedItem[]): SharedItemState[] {
  const chosen = store.checkNewItems !== store.folderCheck;
  return items.map((item) => {
    const check = checkOf(store, item.id);
    if (chosen && !store.checkChoices.has(item.id)) store.checkChoices.set(item.id, check);
    return { ...item, check };
  });
}

/** The list starts again (another sort or filter of the same folder): each item as chosen. */
export function relistSelection(store: ShareStore) {
  store.checkNewItems = store.folderCheck;
}

function setChecks(store: ShareStore, ids: ReadonlySet<number>, check: boolean) {
  for (const id of ids) store.checkChoices.set(id, check);
  store.fileList = listOf(
    store.fileList.map((entry) => (ids.has(entry.id) ? { ...entry, check } : entry)),
  );
}

/** The check box of one item. */
export function toggleItem(store: ShareStore, id: number) {
  setChecks(store, new Set([id]), !checkOf(store, id));
  store.rangeAnchor = id;
}

/**
 * Shift with a click or Space: every item from the last one toggled by itself to this one takes
 * this one's new check (as in a mail app). Without a start in the list, one item toggles.
 */
export function toggleRange(store: ShareStore, id: number) {
  const ids = store.fileList.map((entry) => entry.id);
  const from = store.rangeAnchor === null ? -1 : ids.indexOf(store.rangeAnchor);
  const to = ids.indexOf(id);
  if (from === -1 || to === -1) {
    toggleItem(store, id);
    return;
  }
  const range = ids.slice(Math.min(from, to), Math.max(from, to) + 1);
  setChecks(store, new Set(range), !checkOf(store, id));
  store.rangeAnchor = id;
}

/**
 * Select all, or Deselect all when everything listed is selected; items still to arrive follow.
 * Unfiltered it is about the whole folder; filtered, only about the items that match.
 */
export function toggleAll(store: ShareStore) {
  const all = store.fileListTotal > 0 && selectedCount(store) === store.fileListTotal;
  store.checkNewItems = !all;
  if (store.listQuery.filter === '') {
    store.folderCheck = !all;
    store.checkChoices.clear();
    store.fileList = listOf(store.fileList.map((entry) => ({ ...entry, check: !all })));
  } else {
    setChecks(store, new Set(store.fileList.map((entry) => entry.id)), !all);
  }
  store.rangeAnchor = null;
}
