/**
 * `/share/detail`'s sort, order and name filter (issue 32): folders first in every order, equal
 * keys by id so pages never repeat or skip an item, `total` counting the matches, a filter's LIKE
 * wildcards taken literally; a stranger varying language, order and filter costs one read of a
 * folder per language and evicts nothing else. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  MediaType,
  SHARE_NAME_FILTER_MAX,
  SITE_LANGUAGES,
  type ShareDetailRequest,
} from 'shared-contracts';
import type { SharedItem } from 'shared-contracts';
import { shareItems } from '../db/schema';
import {
  call,
  createTestApp,
  metricValueOf,
  shareRefOf,
  type ShareRef,
  type TestContext,
} from './helpers';

let ctx: TestContext;
let large: ShareRef;
let largeFolderId: number;
let publicShare: ShareRef;

type ListOptions = Partial<Omit<ShareDetailRequest, 'share_id' | 'share_code' | 'extract_code'>>;

async function list(share: ShareRef, options: ListOptions = {}, language = 'en') {
  const { envelope } = await call(
    ctx.app,
    '/share/detail',
    { ...share, extract_code: '', ...options },
    { language },
  );
  return envelope;
}

async function listData(share: ShareRef, options: ListOptions = {}, language = 'en') {
  const envelope = await list(share, options, language);
  assert.equal(envelope.code, 0, envelope.msg);
  return envelope.data;
}

const names = (items: SharedItem[]) => items.map((item) => item.name);

/** Adds files of these names to a folder of a share (its root when `parentId` is null). */
async function addFiles(shareId: number, parentId: number | null, fileNames: string[]) {
  const time = Math.floor(Date.now() / 1000);
  await ctx.database.db.insert(shareItems).values(
    fileNames.map((name) => ({
      shareId,
      parentId,
      name,
      isFolder: false,
      mediaType: MediaType.Image,
      createTime: time,
      updateTime: time,
    })),
  );
  // What the database's announcement of the change does: on PostgreSQL it arrives on a
  // connection of its own, maybe after the test's next request (the channel has its own tests).
  for (const cache of [ctx.app.shareCache, ctx.app.nameOrderCache, ctx.app.pageCache])
    cache.invalidate(shareId);
}

before(async () => {
  ctx = await createTestApp({ metricsToken: 'metrics-secret' });
  large = await shareRefOf(ctx.app, 'demo-large');
  publicShare = await shareRefOf(ctx.app, 'demo-public');
  const [folder] = (await listData(large)).file_list;
  assert.ok(folder, "demo-large's folder");
  largeFolderId = folder.id;
});
after(async () => {
  await ctx.close();
});

describe('/share/detail sorting', () => {
  it('sorts 10,000 files by size, largest first, over two pages: no item twice, ties by id', async () => {
    const page = (current_page: number) =>
      listData(large, {
        folder_id: largeFolderId,
        sort: 'size',
        order: 'desc',
        page: { current_page, page_size: 1000 },
      });
    const first = await page(1);
    const second = await page(2);
    assert.equal(first.total, 10_000);
    assert.equal(second.total, 10_000);
    const items = [...first.file_list, ...second.file_list];
    assert.equal(items.length, 2000);
    assert.equal(new Set(items.map((item) => item.id)).size, 2000, 'no item twice');
    const largest = Math.max(...items.map((item) => item.total_size));
    assert.equal(items[0]?.total_size, largest);
    for (let index = 1; index < items.length; index += 1) {
      const before = items[index - 1] as SharedItem;
      const item = items[index] as SharedItem;
      assert.ok(before.total_size >= item.total_size, `size order at ${index}`);
      if (before.total_size === item.total_size) assert.ok(before.id < item.id, `id tie ${index}`);
    }
    // The same pages again come back the same (what a reload of the list relies on).
    assert.deepEqual((await page(2)).file_list, second.file_list);
  });

  it('takes size and time descending, name ascending, when no order is named', async () => {
    const sizes = (await listData(publicShare, { sort: 'size' })).file_list;
    assert.deepEqual(
      sizes,
      (await listData(publicShare, { sort: 'size', order: 'desc' })).file_list,
    );
    const byName = (await listData(publicShare, { sort: 'name' })).file_list;
    assert.deepEqual(byName, (await listData(publicShare)).file_list);
    const newest = (
      await listData(large, { folder_id: largeFolderId, sort: 'time', page: pageOf(3) })
    ).file_list;
    // demo-large's photo-00001 is the newest, each next one a second older.
    assert.deepEqual(names(newest), ['photo-00001.jpg', 'photo-00002.jpg', 'photo-00003.jpg']);
    const oldest = (
      await listData(large, {
        folder_id: largeFolderId,
        sort: 'time',
        order: 'asc',
        page: pageOf(2),
      })
    ).file_list;
    assert.deepEqual(names(oldest), ['photo-10000.jpg', 'photo-09999.jpg']);
  });

  it('keeps folders first in every order', async () => {
    for (const sort of ['name', 'time', 'size'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const items = (await listData(publicShare, { sort, order })).file_list;
        const folders = items.filter((item) => item.is_folder === 1).length;
        assert.equal(folders, 2, 'Photos and Documents');
        assert.ok(
          items.slice(0, folders).every((item) => item.is_folder === 1),
          `${sort} ${order}: folders first`,
        );
      }
    }
    const bySize = (await listData(publicShare, { sort: 'size', order: 'desc' })).file_list;
    const files = bySize.filter((item) => item.is_folder === 0);
    const sizes = files.map((item) => item.total_size);
    assert.deepEqual(
      sizes,
      [...sizes].sort((a, b) => b - a),
    );
    assert.equal(bySize[2]?.id, files[0]?.id, 'the largest file right after the folders');
    const nameDesc = (await listData(publicShare, { sort: 'name', order: 'desc' })).file_list;
    assert.deepEqual(names(nameDesc).slice(0, 2), ['Photos', 'Documents']);
  });
});

describe('/share/detail natural name order', () => {
  it("lists names as people sort them: case aside, 'archive.zip' before 'City Clip.mp4'", async () => {
    assert.deepEqual(names((await listData(publicShare)).file_list), [
      'Documents',
      'Photos',
      'archive.zip',
      'City Clip.mp4',
      'guide.pdf',
      'Morning Tone.mp3',
      'mountains.jpg',
      'Ocean Waves.mp4',
    ]);
  });

  it('reads numbers by value across pages, in the alphabet of the language the page sends', async () => {
    const share = await shareRefOf(ctx.app, 'demo-world');
    const [world] = await ctx.database.db
      .select({ id: shareItems.id })
      .from(shareItems)
      .where(and(eq(shareItems.shareId, share.share_id), eq(shareItems.name, 'Paris 2025')));
    assert.ok(world, "demo-world's Paris 2025");
    const added = ['photo-10.jpg', 'Photo-2.jpg', 'photo-1.jpg', 'nz.jpg', 'ñu.jpg'];
    await addFiles(share.share_id, world.id, added);
    const page = async (current_page: number, language: string) => {
      const { envelope } = await call(
        ctx.app,
        '/share/detail',
        { ...share, extract_code: '', folder_id: world.id, page: { current_page, page_size: 4 } },
        { language },
      );
      assert.equal(envelope.code, 0, envelope.msg);
      return names(envelope.data.file_list);
    };
    // 'Louvre.jpg' and 'برج إيفل.jpg' were there: Latin before Arabic.
    const english = [...(await page(1, 'en')), ...(await page(2, 'en'))];
    assert.deepEqual(english, [
      'Louvre.jpg',
      'ñu.jpg',
      'nz.jpg',
      'photo-1.jpg',
      'Photo-2.jpg',
      'photo-10.jpg',
      'برج إيفل.jpg',
    ]);
    // Spanish has ñ as a letter of its own, after n; a language the site does not speak is English.
    assert.deepEqual((await page(1, 'es')).slice(0, 3), ['Louvre.jpg', 'nz.jpg', 'ñu.jpg']);
    assert.deepEqual(await page(1, 'xx'), english.slice(0, 4));
  });

  it("continues page 2 of demo-large's 10,000 files where page 1 ended", async () => {
    const page = (current_page: number) =>
      listData(large, { folder_id: largeFolderId, page: { current_page, page_size: 1000 } });
    const items = [...(await page(1)).file_list, ...(await page(2)).file_list];
    assert.deepEqual(
      names(items),
      Array.from({ length: 2000 }, (_, index) => `photo-${String(index + 1).padStart(5, '0')}.jpg`),
    );
  });
});

function pageOf(size: number) {
  return { current_page: 1, page_size: size };
}

describe('/share/detail name filter', () => {
  it("finds a few of demo-large's 10,000 files, ignoring case, and counts the matches", async () => {
    const found = await listData(large, { folder_id: largeFolderId, name_filter: 'PHOTO-0999' });
    assert.equal(found.total, 10);
    assert.deepEqual(
      names(found.file_list),
      Array.from({ length: 10 }, (_, index) => `photo-0999${index}.jpg`),
    );
    const paged = await listData(large, {
      folder_id: largeFolderId,
      name_filter: '0999',
      sort: 'name',
      order: 'desc',
      page: { current_page: 2, page_size: 5 },
    });
    // photo-00999 and photo-09990..09999: 11 matches; page 2 of 5, Z to A.
    assert.equal(paged.total, 11);
    assert.deepEqual(names(paged.file_list), [
      'photo-09994.jpg',
      'photo-09993.jpg',
      'photo-09992.jpg',
      'photo-09991.jpg',
      'photo-09990.jpg',
    ]);
    const none = await listData(large, { folder_id: largeFolderId, name_filter: 'nothing' });
    assert.deepEqual(none, { file_list: [], total: 0 });
  });

  it("filters the share's root and folders alike", async () => {
    const root = await listData(publicShare, { name_filter: 'pdf' });
    assert.deepEqual(names(root.file_list), ['guide.pdf']);
    assert.equal(root.total, 1);
    const photos = (await listData(publicShare)).file_list.find((item) => item.name === 'Photos');
    assert.ok(photos);
    const inPhotos = await listData(publicShare, { folder_id: photos.id, name_filter: 'o' });
    assert.deepEqual(names(inPhotos.file_list), ['portrait.jpg']);
  });

  it("takes '%', '_' and backslash literally", async () => {
    // Each would match every photo as a LIKE wildcard.
    for (const filter of ['%', 'photo_', '\\', '%.jpg']) {
      const found = await listData(large, { folder_id: largeFolderId, name_filter: filter });
      assert.deepEqual(found, { file_list: [], total: 0 }, filter);
    }
    const empty = await shareRefOf(ctx.app, 'demo-empty');
    const [emptyRow] = await ctx.database.db
      .select({ shareId: shareItems.shareId })
      .from(shareItems)
      .where(and(eq(shareItems.shareId, empty.share_id), isNull(shareItems.parentId)));
    assert.equal(emptyRow, undefined, 'demo-empty starts empty');
    await addFiles(empty.share_id, null, ['50% off.jpg', '50 percent.jpg', 'a_b.jpg', 'axb.jpg']);
    assert.deepEqual(names((await listData(empty, { name_filter: '50%' })).file_list), [
      '50% off.jpg',
    ]);
    assert.deepEqual(names((await listData(empty, { name_filter: 'a_b' })).file_list), ['a_b.jpg']);
  });
});

describe('/share/detail refuses bad sort and filter values', () => {
  it('answers 4000 for them', async () => {
    const bad: Record<string, unknown>[] = [
      { sort: 'date' },
      { sort: '' },
      { sort: 1 },
      { order: 'up' },
      { order: 'DESC' },
      { name_filter: '' },
      { name_filter: ' photo' },
      { name_filter: 'photo ' },
      { name_filter: '   ' },
      { name_filter: 'x'.repeat(SHARE_NAME_FILTER_MAX + 1) },
      { name_filter: 7 },
    ];
    for (const fields of bad) {
      const envelope = await list(large, { folder_id: largeFolderId, ...fields } as ListOptions);
      assert.equal(envelope.code, 4000, JSON.stringify(fields));
      assert.equal(envelope.data, null);
    }
    const longest = await list(large, {
      folder_id: largeFolderId,
      name_filter: 'x'.repeat(SHARE_NAME_FILTER_MAX),
    });
    assert.equal(longest.code, 0);
    const inner = await list(large, { folder_id: largeFolderId, name_filter: 'photo 1' });
    assert.equal(inner.code, 0, 'inner spaces are fine');
  });
});

describe('/share/detail name filter in memory', () => {
  it("matches what the database's ILIKE matches", async () => {
    // The time order still filters with ILIKE in the database; the name order, in memory.
    const empty = await shareRefOf(ctx.app, 'demo-empty');
    const ascii = ['Photo 1.JPG', 'photo 10.jpg', 'x_y%z\\.txt', 'STRASSE.jpg'];
    const beyondAscii = ['ΟΔΟΣ.jpg', 'İstanbul.jpg', 'istanbul.jpg', 'Éclair.jpg', 'Straße.jpg'];
    // A database whose ctype is C lowers ASCII letters only: PGlite's C.UTF-8 lowers them all.
    const { rows } = (await ctx.database.db.execute(
      sql`select lower('ÉΣİ') = 'éσi' as unicode`,
    )) as unknown as { rows: { unicode: boolean }[] };
    const unicode = rows[0]?.unicode === true;
    await addFiles(empty.share_id, null, unicode ? [...ascii, ...beyondAscii] : ascii);
    const asciiFilters = ['photo 1', 'PHOTO 1', '.jpg', '_y%', '\\', 'z\\.', 'sse', 'missing'];
    const otherFilters = ['οδοσ', 'ΟΔΟΣ', 'İ', 'i', 'É', 'é', 'ß', 'ss'];
    for (const name_filter of unicode ? [...asciiFilters, ...otherFilters] : asciiFilters) {
      const byName = await listData(empty, { name_filter, page: pageOf(1000) });
      const byTime = await listData(empty, { name_filter, sort: 'time', page: pageOf(1000) });
      assert.equal(byName.total, byTime.total, name_filter);
      assert.deepEqual(names(byName.file_list).sort(), names(byTime.file_list).sort(), name_filter);
    }
  });
});

describe('a stranger varying the name order', () => {
  it("reads a folder once per language, keeps no filter's page, evicts no other listing", async () => {
    const lookups = async (cache: string, result: 'hit' | 'miss') => {
      const text = (
        await ctx.app.inject({
          url: '/metrics',
          headers: { authorization: 'Bearer metrics-secret' },
        })
      ).body;
      return metricValueOf(text, 'nimbus_cache_lookups_total', { cache, result }) ?? 0;
    };
    // Another share's visitor's list, kept in the share cache.
    const kept = await listData(publicShare, { sort: 'name' });
    ctx.app.nameOrderCache.clear();
    const readsBefore = await lookups('name-order', 'miss');
    // How many of demo-large's photo-00001..10000 each filter matches, whatever the language.
    const filters = { none: 10_000, photo: 10_000, 'PHOTO-0999': 10, '0999': 11, '7': 3439 };
    const ask = async (
      language: string,
      order: 'asc' | 'desc',
      filter: keyof typeof filters,
      current_page = 1,
    ) => {
      const name_filter = filter === 'none' ? undefined : filter;
      const options = { folder_id: largeFolderId, sort: 'name', order, name_filter } as const;
      const page = { current_page, page_size: 10 };
      const data = await listData(large, { ...options, page }, language);
      assert.equal(data.total, filters[filter], `${language} ${order} ${filter}`);
      return names(data.file_list);
    };
    const orders = ['asc', 'desc'] as const;
    const filterNames = Object.keys(filters) as (keyof typeof filters)[];
    // Each language's orders and filters at once (fewer than the pool sheds): one read.
    for (const language of SITE_LANGUAGES) {
      await Promise.all(
        orders.flatMap((order) => filterNames.map((filter) => ask(language, order, filter))),
      );
    }
    assert.equal(await lookups('name-order', 'miss'), readsBefore + SITE_LANGUAGES.length);
    // Language after language, 17 orders of 10,000 items (a page not asked yet): still kept.
    const keptBefore = await lookups('name-order', 'hit');
    for (const order of orders) {
      for (const language of SITE_LANGUAGES) {
        const first = order === 'asc' ? 'photo-00011.jpg' : 'photo-09990.jpg';
        assert.equal((await ask(language, order, 'none', 2))[0], first, `${language} ${order}`);
      }
    }
    const asked = orders.length * SITE_LANGUAGES.length;
    assert.equal(await lookups('name-order', 'hit'), keptBefore + asked);
    assert.equal(await lookups('name-order', 'miss'), readsBefore + SITE_LANGUAGES.length);
    const [listHits, listMisses] = [await lookups('list', 'hit'), await lookups('list', 'miss')];
    assert.deepEqual(await listData(publicShare, { sort: 'name' }), kept);
    assert.equal(await lookups('list', 'hit'), listHits + 1, "the other share's list is kept");
    assert.equal(await lookups('list', 'miss'), listMisses);
    // A filter's pages are answered, never kept: a stream of them leaves the share cache alone.
    for (const name_filter of ['0001', '0002', '0003']) {
      const options = { folder_id: largeFolderId, name_filter, sort: 'time' } as const;
      assert.equal((await listData(large, options)).total, 11, name_filter);
    }
    assert.equal(await lookups('list', 'miss'), listMisses);
    assert.equal(await lookups('list', 'hit'), listHits + 1);
  });
});
