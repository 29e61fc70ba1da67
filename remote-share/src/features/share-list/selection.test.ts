import { item } from '../../testing/fixtures';
import { createShareStore, isListPartial, listOf, selectedCount } from '../../state/share-store';
import { showList } from './folder-pages';
import {
  relistSelection,
  startSelection,
  toggleAll,
  toggleItem,
  toggleRange,
  withSelection,
} from './selection';

const three = [item(), item(), item()];
const checksOf = (store: ReturnType<typeof createShareStore>) =>
  store.fileList.map((entry) => entry.check);

describe('the list of a folder that arrives in pages', () => {
  it('counts a whole folder: every item selected', () => {
    const store = createShareStore('');
    showList(store, three);
    expect(isListPartial(store)).toBe(false);
    expect(selectedCount(store)).toBe(3);
  });

  it('counts the items still to arrive as selected until Deselect all', () => {
    const store = createShareStore('');
    showList(store, three);
    store.fileListTotal = 10;
    expect(isListPartial(store)).toBe(true);
    expect(selectedCount(store)).toBe(10);

    store.fileList = listOf(store.fileList.map((entry, index) => ({ ...entry, check: index > 0 })));
    expect(selectedCount(store)).toBe(9);

    toggleAll(store);
    expect(store.checkNewItems).toBe(true);
    expect(selectedCount(store)).toBe(10);
    toggleAll(store);
    expect(store.checkNewItems).toBe(false);
    expect(selectedCount(store)).toBe(0);
  });

  it('starts a new folder selected again', () => {
    const store = createShareStore('');
    showList(store, three);
    toggleAll(store);
    startSelection(store);
    showList(store, [item()]);
    expect(store.checkNewItems).toBe(true);
    expect(selectedCount(store)).toBe(1);
  });
});

describe('the selection across sorts and filters of one folder', () => {
  const a = item();
  const b = item();
  const c = item();
  const folder = [a, b, c, item()];

  it('keeps an item unchecked while filtered unchecked once the filter is cleared', () => {
    const store = createShareStore('');
    showList(store, folder);
    store.listQuery = { ...store.listQuery, filter: 'x' };
    relistSelection(store);
    showList(store, [b, c]);
    toggleItem(store, c.id);
    store.listQuery = { ...store.listQuery, filter: '' };
    relistSelection(store);
    showList(store, folder);
    expect(checksOf(store)).toEqual([true, true, false, true]);
  });

  it('adds nothing silently: after Deselect all, a filter shows its matches unchecked', () => {
    const store = createShareStore('');
    showList(store, folder);
    toggleAll(store);
    store.listQuery = { ...store.listQuery, filter: 'x' };
    relistSelection(store);
    showList(store, [a, b]);
    expect(checksOf(store)).toEqual([false, false]);
    expect(selectedCount(store)).toBe(0);
  });

  it('selects only the matches with Select all while filtered, those still to arrive too', () => {
    const store = createShareStore('');
    showList(store, folder);
    toggleAll(store);
    store.listQuery = { ...store.listQuery, filter: 'x' };
    relistSelection(store);
    showList(store, [a]);
    store.fileListTotal = 2;
    toggleAll(store);
    expect(selectedCount(store)).toBe(2);
    // The second match arrives with a later page: selected, and kept so without the filter.
    store.fileList = listOf([...store.fileList, ...withSelection(store, [b])]);
    store.listQuery = { ...store.listQuery, filter: '' };
    relistSelection(store);
    showList(store, folder);
    expect(checksOf(store)).toEqual([true, true, false, false]);
  });
});

describe('a Shift range', () => {
  it('gives every item from the last one toggled to this one its new check, either way', () => {
    const items = [item(), item(), item(), item(), item()];
    const idAt = (index: number) => items[index]?.id ?? -1;
    const store = createShareStore('');
    showList(store, items);
    toggleItem(store, idAt(1));
    toggleRange(store, idAt(3));
    expect(checksOf(store)).toEqual([true, false, false, false, true]);
    toggleItem(store, idAt(0));
    toggleRange(store, idAt(2));
    expect(checksOf(store)).toEqual([true, true, true, false, true]);
  });

  it('toggles one item when nothing was toggled before', () => {
    const items = [item(), item()];
    const store = createShareStore('');
    showList(store, items);
    toggleRange(store, items[1]?.id ?? -1);
    expect(checksOf(store)).toEqual([true, false]);
  });
});
