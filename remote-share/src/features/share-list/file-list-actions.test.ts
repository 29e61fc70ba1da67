import { item } from '../../testing/fixtures';
import {
  createShareStore,
  isListPartial,
  listOf,
  selectedCount,
  showList,
} from '../../state/share-store';
import { toggleAll } from './file-list-actions';

const three = [item(), item(), item()];

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
    showList(store, [item()]);
    expect(store.checkNewItems).toBe(true);
    expect(selectedCount(store)).toBe(1);
  });
});
