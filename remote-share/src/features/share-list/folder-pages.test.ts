import { SHARE_LIST_PAGE_MAX, type ShareDetailRequest, type SharedItem } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/testing';
import { item, ok, shareInfo } from '../../testing/fixtures';
import { loadFolder, setListQuery, showList } from './folder-pages';
import {
  createShareStore,
  DEFAULT_LIST_QUERY,
  selectedCount,
  type ShareStore,
} from '../../state/share-store';

const files = (count: number, prefix = 'photo'): SharedItem[] =>
  Array.from({ length: count }, (_, index) => item({ name: `${prefix}-${index + 1}.jpg` }));

/** A host whose `/share/detail` answers `total` items a page at a time, and records the bodies. */
function hostWithFolder(total: number) {
  const bodies: ShareDetailRequest[] = [];
  const all = files(total);
  const { host } = createFakeHost({
    api: {
      '/share/detail': (body) => {
        bodies.push(body);
        const page = body.page?.current_page ?? 1;
        const start = (page - 1) * SHARE_LIST_PAGE_MAX;
        return ok({ file_list: all.slice(start, start + SHARE_LIST_PAGE_MAX), total });
      },
    },
  });
  return { host, bodies };
}

function openStore(): ShareStore {
  const store = createShareStore('https://share.example/s/demo-public');
  store.info = shareInfo();
  store.phase = 'list';
  return store;
}

const folder = { id: 5, name: 'Trips' };
const root = { id: 0, name: '' };

describe('the list query', () => {
  it('goes with every page of a large folder, and the list starts all selected', async () => {
    const { host, bodies } = hostWithFolder(2500);
    const store = openStore();
    store.fileListPath = [root, folder];
    showList(store, files(3));
    store.checkNewItems = false;

    await setListQuery(store, host, { sort: 'size', order: 'desc', filter: ' photo ' });

    expect(bodies.map((body) => body.page?.current_page)).toEqual([1, 2, 3]);
    for (const body of bodies) {
      expect(body).toMatchObject({
        folder_id: 5,
        sort: 'size',
        order: 'desc',
        name_filter: 'photo',
      });
    }
    expect(store.listQuery).toEqual({ sort: 'size', order: 'desc', filter: 'photo' });
    expect(store.fileList).toHaveLength(2500);
    expect(store.fileListTotal).toBe(2500);
    expect(selectedCount(store)).toBe(2500);
  });

  it('asks nothing when the query is the one listed', async () => {
    const { host, bodies } = hostWithFolder(3);
    const store = openStore();
    await setListQuery(store, host, { ...DEFAULT_LIST_QUERY, filter: '   ' });
    expect(bodies).toHaveLength(0);
  });

  it('sends no sort fields for the default query', async () => {
    const { host, bodies } = hostWithFolder(3);
    const store = openStore();
    store.listQuery = { sort: 'time', order: 'asc', filter: 'x' };
    await setListQuery(store, host, DEFAULT_LIST_QUERY);
    expect(bodies).toHaveLength(1);
    expect(Object.keys(bodies[0] ?? {}).sort()).toEqual([
      'extract_code',
      'page',
      'share_code',
      'share_id',
    ]);
  });

  it('keeps the sort and drops the filter in another folder, keeps both in the same one', async () => {
    const { host, bodies } = hostWithFolder(3);
    const store = openStore();
    store.listQuery = { sort: 'time', order: 'desc', filter: 'beach' };

    await loadFolder(store, host, [root, folder]);
    expect(store.listQuery).toEqual({ sort: 'time', order: 'desc', filter: '' });
    expect(bodies[0]).toMatchObject({ sort: 'time', order: 'desc' });
    expect(bodies[0]).not.toHaveProperty('name_filter');

    store.listQuery = { sort: 'time', order: 'desc', filter: 'beach' };
    await loadFolder(store, host, [root, folder]);
    expect(bodies[1]).toMatchObject({ name_filter: 'beach' });

    // A query given with the folder (an address's) is the one listed.
    await loadFolder(store, host, [root], undefined, { sort: 'name', order: 'desc', filter: 'a' });
    expect(store.listQuery).toEqual({ sort: 'name', order: 'desc', filter: 'a' });
    expect(bodies[2]).toMatchObject({ sort: 'name', order: 'desc', name_filter: 'a' });
  });

  it("uses the page's prefetched root list for the default query only", async () => {
    const { host, bodies } = hostWithFolder(3);
    const store = openStore();
    const prefetched = Promise.resolve(files(2, 'prefetched'));

    await loadFolder(store, host, [root], prefetched);
    expect(bodies).toHaveLength(0);
    expect(store.fileList.map((entry) => entry.name)).toEqual([
      'prefetched-1.jpg',
      'prefetched-2.jpg',
    ]);

    await loadFolder(store, host, [root], prefetched, { ...DEFAULT_LIST_QUERY, sort: 'size' });
    expect(bodies).toHaveLength(1);
    expect(store.fileList).toHaveLength(3);
  });

  it('drops the answer of a query the visitor has already changed', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { host } = createFakeHost({
      api: {
        '/share/detail': async (body) => {
          if (body.name_filter === 'slow') await gate;
          return ok({ file_list: files(1, body.name_filter ?? 'all'), total: 1 });
        },
      },
    });
    const store = openStore();
    const slow = setListQuery(store, host, { ...DEFAULT_LIST_QUERY, filter: 'slow' });
    await setListQuery(store, host, { ...DEFAULT_LIST_QUERY, filter: 'fast' });
    release();
    await slow;
    expect(store.listQuery.filter).toBe('fast');
    expect(store.fileList.map((entry) => entry.name)).toEqual(['fast-1.jpg']);
  });
});
