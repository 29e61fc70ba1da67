import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { SharedItem } from 'shared-contracts';
import { cloudFiles, cloudFolders, users } from '../db/schema';
import { call, createTestApp, login, shareRefOf, type ShareRef, type TestContext } from './helpers';

let ctx: TestContext;
let publicShare: ShareRef;
let privateShare: ShareRef;
let publicRoot: SharedItem[];

before(async () => {
  ctx = await createTestApp();
  publicShare = await shareRefOf(ctx.app, 'demo-public');
  privateShare = await shareRefOf(ctx.app, 'demo-private');
  publicRoot = (await call(ctx.app, '/share/detail', { ...publicShare, extract_code: '' })).envelope
    .data.file_list;
});
after(async () => {
  await ctx.close();
});

function item(name: string): SharedItem {
  const found = publicRoot.find((entry) => entry.name === name);
  assert.ok(found, name);
  return found;
}

async function usedStorage(userId: number): Promise<number> {
  const [row] = await ctx.app.db.select().from(users).where(eq(users.id, userId));
  return row?.usedStorage ?? -1;
}

async function fileCount(userId: number): Promise<number> {
  return (await ctx.app.db.select().from(cloudFiles).where(eq(cloudFiles.userId, userId))).length;
}

describe('/share/save_file', () => {
  it('needs a login', async () => {
    const { envelope } = await call(ctx.app, '/share/save_file', {
      ...publicShare,
      extract_code: '',
      folder_id: -1,
      file_ids: [item('guide.pdf').id],
    });
    assert.equal(envelope.code, 2000);
  });

  it('refuses the sharer their own share (4003)', async () => {
    const { token } = await login(ctx.app, 'sam@example.com', 'Sam');
    const { envelope } = await call(
      ctx.app,
      '/share/save_file',
      { ...publicShare, extract_code: '', folder_id: -1, file_ids: [item('guide.pdf').id] },
      { token },
    );
    assert.deepEqual(envelope, {
      code: 4003,
      msg: 'Cannot save files that you have shared',
      data: null,
    });
  });

  it('saves files and folders recursively into the From Share folder with exact accounting', async () => {
    const { token, user_id } = await login(ctx.app, 'carol@example.com', 'Carol');
    const before = await usedStorage(user_id);
    const photos = item('Photos');
    const pdf = item('guide.pdf');
    const { envelope } = await call(
      ctx.app,
      '/share/save_file',
      { ...publicShare, extract_code: '', folder_id: -1, file_ids: [photos.id, pdf.id] },
      { token },
    );
    assert.equal(envelope.code, 0, envelope.msg);
    assert.ok(envelope.data);
    assert.equal(envelope.data.folder_name, 'From Share');
    // Photos, 2025, Summer (3 folders) + beach, sunset, spring, portrait + guide.pdf (5 files).
    assert.equal(envelope.data.saved_count, 8);
    const [fromShare] = await ctx.app.db
      .select()
      .from(cloudFolders)
      .where(eq(cloudFolders.id, envelope.data.folder_id));
    assert.equal(fromShare?.folderType, 3);
    const files = await ctx.app.db.select().from(cloudFiles).where(eq(cloudFiles.userId, user_id));
    assert.equal(files.length, 5);
    const expectedBytes = files.reduce((sum, file) => sum + file.totalSize, 0);
    assert.equal(await usedStorage(user_id), before + expectedBytes);
    const info = (await call(ctx.app, '/user/info', {}, { token })).envelope.data;
    assert.equal(
      info.user_storage.available_storage,
      info.user_storage.max_storage - before - expectedBytes,
    );

    // The copied tree: From Share > Photos > 2025 > Summer.
    const level1 = await call(
      ctx.app,
      '/file/folder/list',
      { parent_id: -1, page: { current_page: 1, page_size: 50 } },
      { token },
    );
    assert.deepEqual(
      level1.envelope.data.list.map((folder) => folder.name),
      ['Photos'],
    );
    const level2 = await call(
      ctx.app,
      '/file/folder/list',
      {
        parent_id: level1.envelope.data.list[0]?.id ?? 0,
        page: { current_page: 1, page_size: 50 },
      },
      { token },
    );
    assert.deepEqual(
      level2.envelope.data.list.map((folder) => folder.name),
      ['2025'],
    );
    assert.equal(level2.envelope.data.list[0]?.subfolder_num, 1);

    // Saving the same folder again gets a free name.
    const again = await call(
      ctx.app,
      '/share/save_file',
      { ...publicShare, extract_code: '', folder_id: -1, file_ids: [photos.id] },
      { token },
    );
    assert.equal(again.envelope.code, 0);
    const names = (
      await call(
        ctx.app,
        '/file/folder/list',
        { parent_id: -1, page: { current_page: 1, page_size: 50 } },
        { token },
      )
    ).envelope.data.list.map((folder) => folder.name);
    assert.deepEqual(names.sort(), ['Photos', 'Photos (2)']);
  });

  it('saves into a chosen folder and refuses a folder of someone else', async () => {
    const { token } = await login(ctx.app, 'gina@example.com', 'Gina');
    const folder = (
      await call(ctx.app, '/file/folder/create', { folder_name: 'Mine', parent_id: 0 }, { token })
    ).envelope.data;
    const saved = await call(
      ctx.app,
      '/share/save_file',
      {
        ...publicShare,
        extract_code: '',
        folder_id: folder.id,
        file_ids: [item('mountains.jpg').id],
      },
      { token },
    );
    assert.deepEqual(saved.envelope.data, {
      folder_id: folder.id,
      folder_name: 'Mine',
      saved_count: 1,
    });
    const other = await login(ctx.app, 'hank@example.com', 'Hank');
    const refused = await call(
      ctx.app,
      '/share/save_file',
      {
        ...publicShare,
        extract_code: '',
        folder_id: folder.id,
        file_ids: [item('mountains.jpg').id],
      },
      { token: other.token },
    );
    assert.equal(refused.envelope.code, 4004);
  });

  it('answers 4001 for full storage and changes nothing', async () => {
    for (const email of ['alice@example.com', 'bob@example.com']) {
      const { token, user_id } = await login(ctx.app, email);
      const before = await usedStorage(user_id);
      const { envelope } = await call(
        ctx.app,
        '/share/save_file',
        { ...publicShare, extract_code: '', folder_id: -1, file_ids: [item('Photos').id] },
        { token },
      );
      assert.equal(envelope.code, 4001, email);
      assert.equal(await usedStorage(user_id), before);
      assert.equal(await fileCount(user_id), 0);
      const folders = await ctx.app.db
        .select()
        .from(cloudFolders)
        .where(eq(cloudFolders.userId, user_id));
      assert.equal(folders.length, 0, 'not even the From Share folder is created');
    }
  });

  it('needs the right extract code and files of the share', async () => {
    const { token } = await login(ctx.app, 'carol@example.com', 'Carol');
    const privateRoot = (
      await call(ctx.app, '/share/detail', { ...privateShare, extract_code: 'ab12' })
    ).envelope.data.file_list;
    const privatePdf = privateRoot.find((entry) => entry.name === 'guide.pdf');
    assert.ok(privatePdf);
    const wrong = await call(
      ctx.app,
      '/share/save_file',
      { ...privateShare, extract_code: 'bad1', folder_id: -1, file_ids: [privatePdf.id] },
      { token },
    );
    assert.equal(wrong.envelope.code, 4002);
    const right = await call(
      ctx.app,
      '/share/save_file',
      { ...privateShare, extract_code: 'ab12', folder_id: -1, file_ids: [privatePdf.id] },
      { token },
    );
    assert.equal(right.envelope.code, 0);
    const foreign = await call(
      ctx.app,
      '/share/save_file',
      {
        ...privateShare,
        extract_code: 'ab12',
        folder_id: -1,
        file_ids: [item('guide.pdf').id],
      },
      { token },
    );
    assert.equal(foreign.envelope.code, 4004);
    const canceled = await shareRefOf(ctx.app, 'demo-canceled');
    const closed = await call(
      ctx.app,
      '/share/save_file',
      { ...canceled, extract_code: '', folder_id: -1, file_ids: [1] },
      { token },
    );
    assert.equal(closed.envelope.code, 4004);
  });

  it('never overdraws the quota under 20 concurrent saves (room for 10)', async () => {
    const { token, user_id } = await login(ctx.app, 'ivy@example.com', 'Ivy');
    const file = item('guide.pdf');
    await ctx.app.db
      .update(users)
      .set({ maxStorage: file.total_size * 10, usedStorage: 0 })
      .where(eq(users.id, user_id));
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(
          ctx.app,
          '/share/save_file',
          { ...publicShare, extract_code: '', folder_id: -1, file_ids: [file.id] },
          { token },
        ),
      ),
    );
    const codes = results.map((result) => result.envelope.code);
    assert.equal(codes.filter((code) => code === 0).length, 10, codes.join(','));
    assert.equal(codes.filter((code) => code === 4001).length, 10);
    assert.equal(await usedStorage(user_id), file.total_size * 10);
    assert.equal(await fileCount(user_id), 10);
  });

  it('saves all 10,000 files of the large share in one call', async () => {
    const { token, user_id } = await login(ctx.app, 'jay@example.com', 'Jay');
    const largeId = await shareRefOf(ctx.app, 'demo-large');
    const root = (await call(ctx.app, '/share/detail', { ...largeId, extract_code: '' })).envelope
      .data.file_list;
    const inside: SharedItem[] = [];
    for (let page = 1; page <= 10; page += 1) {
      const { envelope: listed } = await call(ctx.app, '/share/detail', {
        ...largeId,
        extract_code: '',
        folder_id: root[0]?.id ?? 0,
        page: { current_page: page, page_size: 1000 },
      });
      inside.push(...listed.data.file_list);
    }
    const { envelope } = await call(
      ctx.app,
      '/share/save_file',
      {
        ...largeId,
        extract_code: '',
        folder_id: 0,
        file_ids: inside.map((entry) => entry.id),
      },
      { token },
    );
    assert.equal(envelope.code, 0, envelope.msg);
    assert.equal(envelope.data?.saved_count, 10_000);
    assert.equal(envelope.data?.folder_name, 'Cloud Files');
    assert.equal(await fileCount(user_id), 10_000);
  });
});
