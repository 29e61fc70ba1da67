import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import type { SharedItem } from 'shared-contracts';
import {
  FOLDER_NAME_CHARS_MESSAGE,
  FOLDER_NAME_EMPTY_MESSAGE,
  FOLDER_NAME_TOO_LONG_MESSAGE,
  SHARE_LIST_PAGE_DEFAULT,
  SHARE_LIST_PAGE_MAX,
} from 'shared-contracts';
import { eq } from 'drizzle-orm';
import { events, shareReports } from '../db/schema';
import { eventSign } from '../routes/api/event/index';
import { call, createTestApp, login, shareRefOf, type TestContext } from './helpers';

const SHARED_ITEM_FIELDS = [
  'id',
  'name',
  'thumb_url',
  'grid_thumb_url',
  'grid_thumb_url_2x',
  'download_url',
  'is_m3u8',
  'duration',
  'total_size',
  'create_time',
  'update_time',
  'media_type',
  'is_folder',
].sort();

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(async () => {
  await ctx.close();
});

async function list(shareCode: string, extractCode = '', folderId?: number) {
  const shareId = await shareRefOf(ctx.app, shareCode);
  return call(ctx.app, '/share/detail', {
    ...shareId,
    extract_code: extractCode,
    ...(folderId === undefined ? {} : { folder_id: folderId }),
  });
}

function byName(items: SharedItem[], name: string): SharedItem {
  const item = items.find((entry) => entry.name === name);
  assert.ok(item, `${name} is listed`);
  return item;
}

describe('/share/info', () => {
  it('finds a share by page address, bare code and query parameter', async () => {
    for (const shareUrl of [
      'http://localhost:8080/s/demo-public',
      'demo-public',
      'http://localhost:8080/?code=demo-public',
      'https://example.com/x?s=demo-public',
    ]) {
      const { status, envelope } = await call(ctx.app, '/share/info', { share_url: shareUrl });
      assert.equal(status, 200);
      assert.equal(envelope.code, 0, shareUrl);
      assert.equal(envelope.data.share_code, 'demo-public');
      assert.equal(envelope.data.share_type, 1);
      assert.equal(envelope.data.status, 1);
      assert.equal(envelope.data.expiry_time, 0);
      assert.equal(envelope.data.user_info.nick_name, 'Sam');
      assert.match(
        envelope.data.user_info.avatar,
        /^http:\/\/localhost(:\d+)?\/media\/avatars\/sam\.svg$/,
      );
    }
  });

  it('says how many files the share holds at every depth, and their bytes', async () => {
    // Counted here by opening every folder, as a visitor would.
    const totals = { files: 0, bytes: 0 };
    const walk = async (shareCode: string, extractCode: string, folderId?: number) => {
      const items: SharedItem[] = (await list(shareCode, extractCode, folderId)).envelope.data
        .file_list;
      for (const item of items) {
        if (item.is_folder === 1) await walk(shareCode, extractCode, item.id);
        else {
          totals.files += 1;
          totals.bytes += item.total_size;
        }
      }
    };
    await walk('demo-public', '');
    const { envelope } = await call(ctx.app, '/share/info', { share_url: 'demo-public' });
    assert.ok(totals.files > 8, 'files in folders count too');
    assert.equal(envelope.data.file_count, totals.files);
    assert.equal(envelope.data.total_size, totals.bytes);
    const empty = await call(ctx.app, '/share/info', { share_url: 'demo-empty' });
    assert.equal(empty.envelope.data.file_count, 0);
    assert.equal(empty.envelope.data.total_size, 0);
  });

  it('answers 4004 for an unknown share', async () => {
    const { envelope } = await call(ctx.app, '/share/info', {
      share_url: 'http://localhost/s/nope',
    });
    assert.deepEqual(envelope, { code: 4004, msg: 'Share not found', data: null });
  });

  it('answers the same in every language X-Language names (the page language, or the old en-us)', async () => {
    const answers = await Promise.all(
      ['en', 'ar', 'zh-Hans', 'pt-BR', 'en-us'].map((language) =>
        call(ctx.app, '/share/info', { share_url: 'demo-public' }, { language }),
      ),
    );
    assert.equal(answers[0]?.envelope.code, 0);
    for (const answer of answers) assert.deepEqual(answer.envelope, answers[0]?.envelope);
  });

  it('reports the statuses of the demo shares', async () => {
    const expected = {
      'demo-private': 1,
      'demo-canceled': 2,
      'demo-expired': 3,
      'demo-deleted': 4,
    };
    for (const [code, status] of Object.entries(expected)) {
      const { envelope } = await call(ctx.app, '/share/info', { share_url: `/s/${code}` });
      assert.equal(envelope.data.status, status, code);
    }
    const { envelope } = await call(ctx.app, '/share/info', { share_url: 'demo-private' });
    assert.equal(envelope.data.share_type, 2);
    assert.ok(envelope.data.expiry_time > Date.now() / 1000);
  });

  it('serves the avatar image', async () => {
    const response = await ctx.app.inject('/media/avatars/sam.svg');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /svg/);
  });
});

describe('/share/detail', () => {
  it('lists the public share with every field and every kind of file', async () => {
    const { envelope } = await list('demo-public');
    assert.equal(envelope.code, 0);
    const items = envelope.data.file_list;
    for (const item of items) assert.deepEqual(Object.keys(item).sort(), SHARED_ITEM_FIELDS);
    const hls = byName(items, 'Ocean Waves.mp4');
    assert.equal(hls.is_m3u8, 1);
    assert.equal(hls.duration, 70);
    assert.equal(hls.media_type, 2);
    const mp4 = byName(items, 'City Clip.mp4');
    assert.equal(mp4.is_m3u8, 0);
    assert.match(mp4.download_url, /\/media\/t\/.+\.mp4$/);
    assert.equal(byName(items, 'Morning Tone.mp3').duration, 70);
    assert.equal(byName(items, 'Morning Tone.mp3').media_type, 3);
    assert.equal(byName(items, 'mountains.jpg').media_type, 1);
    assert.ok(byName(items, 'guide.pdf').total_size > 0);
    assert.ok(byName(items, 'archive.zip').total_size > 0);
    assert.equal(byName(items, 'Photos').is_folder, 1);
  });

  it('opens folders three levels deep', async () => {
    const root = (await list('demo-public')).envelope.data.file_list;
    const photos = (await list('demo-public', '', byName(root, 'Photos').id)).envelope.data
      .file_list;
    const year = (await list('demo-public', '', byName(photos, '2025').id)).envelope.data.file_list;
    const summer = (await list('demo-public', '', byName(year, 'Summer').id)).envelope.data
      .file_list;
    assert.deepEqual(summer.map((item) => item.name).sort(), ['beach.jpg', 'sunset.jpg']);
  });

  it('serves media: images, mp4 with ranges, and a 60-second HLS preview', async () => {
    const items = (await list('demo-public')).envelope.data.file_list;
    const image = await ctx.app.inject(new URL(byName(items, 'mountains.jpg').thumb_url).pathname);
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/jpeg');
    const mp4Path = new URL(byName(items, 'City Clip.mp4').download_url).pathname;
    const range = await ctx.app.inject({ url: mp4Path, headers: { range: 'bytes=0-99' } });
    assert.equal(range.statusCode, 206);
    assert.equal(range.rawPayload.length, 100);

    for (const withThumb of items.filter((entry) => entry.thumb_url)) {
      const thumb = await ctx.app.inject(new URL(withThumb.thumb_url).pathname);
      assert.equal(thumb.statusCode, 200, `${withThumb.name} thumbnail`);
    }
    for (const withThumb of items.filter((entry) => entry.thumb_url)) {
      const thumb = await ctx.app.inject(new URL(withThumb.thumb_url).pathname);
      assert.equal(thumb.statusCode, 200, `${withThumb.name} thumbnail`);
    }
    const playlistUrl = new URL(byName(items, 'Ocean Waves.mp4').download_url);
    const playlist = await ctx.app.inject(playlistUrl.pathname);
    assert.equal(playlist.statusCode, 200);
    assert.match(String(playlist.headers['content-type']), /mpegurl/);
    const segments = playlist.body.split('\n').filter((line) => line.endsWith('.m2ts'));
    assert.equal(segments.length, 6);
    const total = playlist.body
      .split('\n')
      .filter((line) => line.startsWith('#EXTINF:'))
      .reduce((sum, line) => sum + Number.parseFloat(line.slice(8)), 0);
    assert.ok(total <= 60.5 && total >= 59, `preview lasts ${total}s`);
    assert.match(playlist.body, /#EXT-X-ENDLIST/);
    const folder = playlistUrl.pathname.replace(/[^/]+$/, '');
    const first = await ctx.app.inject(`${folder}${segments[0]}`);
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['content-type'], 'video/mp2t');
    assert.equal((await ctx.app.inject(`${folder}segment-06.m2ts`)).statusCode, 403);
    assert.equal((await ctx.app.inject(`${folder}index.m3u8`)).statusCode, 403);
  });

  it('refuses media without a valid token', async () => {
    const items = (await list('demo-private', 'ab12')).envelope.data.file_list;
    const url = new URL(byName(items, 'mountains.jpg').download_url);
    assert.equal((await ctx.app.inject(url.pathname)).statusCode, 200);
    const tampered = url.pathname.replace(/\/media\/t\/(\d+)\.[^/]+\//, '/media/t/$1.forged/');
    assert.equal((await ctx.app.inject(tampered)).statusCode, 403);
    const otherFile = url.pathname.replace('photo-4.jpg', 'photo-1.jpg');
    assert.equal((await ctx.app.inject(otherFile)).statusCode, 403);
    assert.equal((await ctx.app.inject('/media/images/photo-1.jpg')).statusCode, 404);
    assert.equal(
      (await ctx.app.inject(url.pathname.replace('images/photo-4.jpg', '../package.json')))
        .statusCode,
      404,
    );
  });

  it('needs the right extract code for a protected share on every call', async () => {
    assert.deepEqual((await list('demo-private', '')).envelope, {
      code: 4002,
      msg: 'Invalid extract code',
      data: null,
    });
    assert.equal((await list('demo-private', 'zz99')).envelope.code, 4002);
    const ok = await list('demo-private', 'ab12');
    assert.equal(ok.envelope.code, 0);
    const photos = byName(ok.envelope.data.file_list, 'Photos');
    assert.equal((await list('demo-private', 'nope', photos.id)).envelope.code, 4002);
    assert.equal((await list('demo-private', 'ab12', photos.id)).envelope.code, 0);
  });

  it('refuses a folder of another share, a file as folder and unavailable shares', async () => {
    const publicRoot = (await list('demo-public')).envelope.data.file_list;
    assert.equal(
      (await list('demo-private', 'ab12', byName(publicRoot, 'Photos').id)).envelope.code,
      4004,
    );
    assert.equal(
      (await list('demo-public', '', byName(publicRoot, 'guide.pdf').id)).envelope.code,
      4004,
    );
    assert.equal((await list('demo-public', '', 99_999_999)).envelope.code, 4004);
    for (const code of ['demo-canceled', 'demo-expired', 'demo-deleted']) {
      assert.equal((await list(code)).envelope.code, 4004, code);
    }
    const missing = await call(ctx.app, '/share/detail', {
      share_id: 99_999,
      share_code: 'demo-public',
      extract_code: '',
    });
    assert.equal(missing.envelope.code, 4004);
  });

  it('lists the first 100 of 10,000 files without a page, and nothing in the empty share', async () => {
    const root = (await list('demo-large')).envelope.data.file_list;
    assert.equal(root.length, 1);
    const inside = (await list('demo-large', '', root[0]?.id)).envelope.data;
    assert.equal(inside.file_list.length, SHARE_LIST_PAGE_DEFAULT);
    assert.equal(inside.total, 10_000);
    assert.deepEqual((await list('demo-empty')).envelope.data.file_list, []);
  });

  it('lists a folder page by page, in the order of the whole list, with its item count', async () => {
    const shareId = await shareRefOf(ctx.app, 'demo-large');
    const [folder] = (await list('demo-large')).envelope.data.file_list;
    const page = (current_page: number, page_size: number) =>
      call(ctx.app, '/share/detail', {
        ...shareId,
        extract_code: '',
        folder_id: folder?.id,
        page: { current_page, page_size },
      });
    const paged: SharedItem[] = [];
    for (let current = 1; current <= 10; current += 1) {
      const { envelope } = await page(current, SHARE_LIST_PAGE_MAX);
      assert.equal(envelope.code, 0);
      assert.equal(envelope.data.total, 10_000);
      assert.equal(envelope.data.file_list.length, 1000);
      paged.push(...envelope.data.file_list);
    }
    assert.equal(new Set(paged.map((item) => item.id)).size, 10_000, 'every item once');
    const names = paged.map((item) => item.name);
    assert.deepEqual(names, [...names].sort(), 'in name order across pages');
    const beyond = (await page(11, SHARE_LIST_PAGE_MAX)).envelope.data;
    assert.deepEqual(beyond, { file_list: [], total: 10_000 });
    const root = await call(ctx.app, '/share/detail', {
      ...shareId,
      extract_code: '',
      page: { current_page: 1, page_size: 10 },
    });
    assert.deepEqual(
      root.envelope.data.file_list.map((item) => item.name),
      ['10,000 photos'],
    );
    assert.equal(root.envelope.data.total, 1);
  });

  it('refuses a page request outside its limits', async () => {
    const shareId = await shareRefOf(ctx.app, 'demo-public');
    for (const page of [
      { current_page: 0, page_size: 10 },
      { current_page: 1, page_size: 0 },
      { current_page: 1, page_size: SHARE_LIST_PAGE_MAX + 1 },
      { current_page: 1 },
      { current_page: 1, page_size: 10, extra: 1 },
    ]) {
      const { envelope } = await call(ctx.app, '/share/detail', {
        ...shareId,
        extract_code: '',
        page,
      } as never);
      assert.equal(envelope.code, 4000, JSON.stringify(page));
      assert.equal(envelope.data, null);
    }
  });
});

describe('/share/folder_path', () => {
  async function pathOf(shareCode: string, folderId: number, extractCode = '') {
    const shareId = await shareRefOf(ctx.app, shareCode);
    return call(ctx.app, '/share/folder_path', {
      ...shareId,
      extract_code: extractCode,
      folder_id: folderId,
    });
  }

  it('names the folders from the root down to a folder three levels deep', async () => {
    const root = (await list('demo-public')).envelope.data.file_list;
    const photos = byName(root, 'Photos');
    const year = byName((await list('demo-public', '', photos.id)).envelope.data.file_list, '2025');
    const summer = byName(
      (await list('demo-public', '', year.id)).envelope.data.file_list,
      'Summer',
    );
    const { envelope } = await pathOf('demo-public', summer.id);
    assert.equal(envelope.code, 0);
    assert.deepEqual(envelope.data.path, [
      { id: photos.id, name: 'Photos' },
      { id: year.id, name: '2025' },
      { id: summer.id, name: 'Summer' },
    ]);
  });

  it('finds only the share’s own folders, and a protected one only with its code', async () => {
    const publicRoot = (await list('demo-public')).envelope.data.file_list;
    const file = byName(publicRoot, 'guide.pdf');
    assert.equal((await pathOf('demo-public', file.id)).envelope.code, 4004);
    const privateRoot = (await list('demo-private', 'ab12')).envelope.data.file_list;
    const privateFolder = privateRoot.find((item) => item.is_folder === 1);
    assert.ok(privateFolder);
    assert.equal((await pathOf('demo-public', privateFolder.id)).envelope.code, 4004);
    assert.notEqual((await pathOf('demo-private', privateFolder.id, '')).envelope.code, 0);
    const opened = await pathOf('demo-private', privateFolder.id, 'ab12');
    assert.equal(opened.envelope.code, 0);
    assert.deepEqual(opened.envelope.data.path, [
      { id: privateFolder.id, name: privateFolder.name },
    ]);
  });
});

describe('login, user info and logout', () => {
  it('answers 2000 without a token or with an unknown one', async () => {
    assert.equal((await call(ctx.app, '/user/info', {})).envelope.code, 2000);
    assert.equal((await call(ctx.app, '/user/info', {}, { token: 'unknown' })).envelope.code, 2000);
  });

  it('logs a demo account in and reads its storage', async () => {
    const session = await login(ctx.app, 'alice@example.com', 'Alice');
    assert.equal(session.is_new, false);
    const { envelope } = await call(ctx.app, '/user/info', {}, { token: session.token });
    assert.equal(envelope.code, 0);
    assert.equal(envelope.data.nick_name, 'Alice');
    assert.equal(envelope.data.user_identity.identity_type, 1);
    assert.equal(envelope.data.user_storage.available_storage, 0);
    const bob = await login(ctx.app, 'bob@example.com', 'Bob');
    const bobInfo = (await call(ctx.app, '/user/info', {}, { token: bob.token })).envelope.data;
    assert.equal(bobInfo.user_identity.identity_type, 2);
    assert.ok(bobInfo.user_identity.vip_expiry_time > Date.now() / 1000);
  });

  it('creates a new user on first login only', async () => {
    const first = await login(ctx.app, 'dana@example.com', 'Dana');
    assert.equal(first.is_new, true);
    const second = await login(ctx.app, 'dana@example.com', 'Dana');
    assert.equal(second.is_new, false);
    assert.equal(second.user_id, first.user_id);
    assert.notEqual(second.token, first.token);
  });

  it('refuses forged, expired and foreign identity tokens', async () => {
    const forged = await new SignJWT({ email: 'sam@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('nimbus-development-idp')
      .setAudience('nimbus-share')
      .setSubject('sam@example.com')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not the secret of this server'));
    const key = ctx.app.secrets.key('identity-token');
    const expired = await new SignJWT({ email: 'sam@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('nimbus-development-idp')
      .setAudience('nimbus-share')
      .setSubject('sam@example.com')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const wrongAudience = await new SignJWT({ email: 'sam@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('nimbus-development-idp')
      .setAudience('someone-else')
      .setSubject('sam@example.com')
      .setExpirationTime('10m')
      .sign(key);
    for (const token of [forged, expired, wrongAudience, 'not-a-jwt']) {
      const { envelope } = await call(ctx.app, '/login', { third_token: token });
      assert.equal(envelope.code, 2000);
    }
  });

  it('revokes the session on logout', async () => {
    const session = await login(ctx.app, 'carol@example.com', 'Carol');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'x-token': session.token },
    });
    assert.equal(response.json<{ code: number }>().code, 0);
    assert.equal(
      (await call(ctx.app, '/user/info', {}, { token: session.token })).envelope.code,
      2000,
    );
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'x-token': session.token },
    });
    assert.equal(again.json<{ code: number }>().code, 2000);
  });
});

describe('/product/list', () => {
  it('lists monthly, yearly and weekly plans per app, one discounted, one default', async () => {
    for (const appId of [1, 2] as const) {
      const products = (await call(ctx.app, '/product/list', { app_id: appId })).envelope.data
        .vip_products;
      assert.equal(products.length, 3);
      assert.ok(products.some((p) => p.cycle_type === 1 && p.cycle_num === 1));
      assert.ok(products.some((p) => p.cycle_type === 1 && p.cycle_num === 12));
      assert.ok(products.some((p) => p.cycle_type !== 1));
      assert.equal(products.filter((p) => p.is_default === 1).length, 1);
      assert.ok(products.some((p) => p.discount_price > 0 && p.discount_price < p.price));
    }
    const ios = (await call(ctx.app, '/product/list', { app_id: 1 })).envelope.data.vip_products;
    const android = (await call(ctx.app, '/product/list', { app_id: 2 })).envelope.data
      .vip_products;
    assert.notEqual(ios[0]?.third_product_id, android[0]?.third_product_id);
  });
});

describe('cloud folders', () => {
  it('creates, lists and pages folders, with the folder-name rules', async () => {
    const { token } = await login(ctx.app, 'erin@example.com', 'Erin');
    const empty = await call(
      ctx.app,
      '/file/folder/list',
      { parent_id: 0, page: { current_page: 1, page_size: 50 } },
      { token },
    );
    assert.deepEqual(empty.envelope.data, { list: [], total: 0 });
    const fromShare = await call(
      ctx.app,
      '/file/folder/list',
      { parent_id: -1, page: { current_page: 1, page_size: 50 } },
      { token },
    );
    assert.deepEqual(fromShare.envelope.data, { list: [], total: 0 });

    const created = await call(
      ctx.app,
      '/file/folder/create',
      { folder_name: '  Trips  ', parent_id: 0 },
      { token },
    );
    assert.equal(created.envelope.code, 0);
    assert.equal(created.envelope.data.name, 'Trips');
    const duplicate = await call(
      ctx.app,
      '/file/folder/create',
      { folder_name: 'Trips', parent_id: 0 },
      { token },
    );
    assert.equal(duplicate.envelope.code, 4009);
    const nested = await call(
      ctx.app,
      '/file/folder/create',
      { folder_name: 'Trips', parent_id: created.envelope.data.id },
      { token },
    );
    assert.equal(nested.envelope.code, 0, 'the same name is fine in another parent');

    const cases: [string, string][] = [
      ['   ', FOLDER_NAME_EMPTY_MESSAGE],
      ['a/b', FOLDER_NAME_CHARS_MESSAGE],
      ['x'.repeat(101), FOLDER_NAME_TOO_LONG_MESSAGE],
    ];
    for (const [name, message] of cases) {
      const { envelope } = await call(
        ctx.app,
        '/file/folder/create',
        { folder_name: name, parent_id: 0 },
        { token },
      );
      assert.deepEqual(envelope, { code: 4000, msg: message, data: null });
    }
    assert.equal(
      (
        await call(
          ctx.app,
          '/file/folder/create',
          { folder_name: 'x', parent_id: 999_999 },
          { token },
        )
      ).envelope.code,
      4004,
    );

    const inFromShare = await call(
      ctx.app,
      '/file/folder/create',
      { folder_name: 'Later', parent_id: -1 },
      { token },
    );
    assert.equal(inFromShare.envelope.code, 0);
    for (let index = 0; index < 3; index += 1) {
      await call(
        ctx.app,
        '/file/folder/create',
        { folder_name: `Box ${index}`, parent_id: 0 },
        { token },
      );
    }
    const page1 = await call(
      ctx.app,
      '/file/folder/list',
      { parent_id: 0, page: { current_page: 1, page_size: 2 } },
      { token },
    );
    assert.equal(page1.envelope.data.total, 5);
    assert.equal(page1.envelope.data.list.length, 2);
    const first = page1.envelope.data.list[0];
    assert.equal(first?.name, 'From Share');
    assert.equal(first?.folder_type, 3);
    assert.equal(first?.subfolder_num, 1);
    const page3 = await call(
      ctx.app,
      '/file/folder/list',
      { parent_id: 0, page: { current_page: 3, page_size: 2 } },
      { token },
    );
    assert.equal(page3.envelope.data.list.length, 1);
    const trips = page1.envelope.data.list.concat(page3.envelope.data.list);
    assert.ok(trips.length > 0);

    const other = await login(ctx.app, 'frank@example.com', 'Frank');
    const foreign = await call(
      ctx.app,
      '/file/folder/list',
      { parent_id: created.envelope.data.id, page: { current_page: 1, page_size: 50 } },
      { token: other.token },
    );
    assert.equal(foreign.envelope.code, 4004);
    assert.equal(
      (
        await call(ctx.app, '/file/folder/list', {
          parent_id: 0,
          page: { current_page: 1, page_size: 50 },
        })
      ).envelope.code,
      2000,
    );
  });
});

describe('/share/report', () => {
  it('stores a trimmed report with the reporter when logged in', async () => {
    const { token, user_id } = await login(ctx.app, 'carol@example.com', 'Carol');
    const { envelope } = await call(
      ctx.app,
      '/share/report',
      { share_code: 'demo-public', content: '  spam  ' },
      { token },
    );
    assert.equal(envelope.code, 0);
    const [row] = await ctx.app.db
      .select()
      .from(shareReports)
      .where(eq(shareReports.id, envelope.data.id));
    assert.equal(row?.content, 'spam');
    assert.equal(row?.reporterUserId, user_id);
    const anonymous = await call(ctx.app, '/share/report', {
      share_code: 'demo-public',
      content: 'bad',
    });
    assert.equal(anonymous.envelope.code, 0);
  });

  it('refuses blank or too long reasons and unknown shares', async () => {
    assert.equal(
      (await call(ctx.app, '/share/report', { share_code: 'demo-public', content: '   ' })).envelope
        .code,
      4000,
    );
    assert.equal(
      (
        await call(ctx.app, '/share/report', {
          share_code: 'demo-public',
          content: 'r'.repeat(301),
        })
      ).envelope.code,
      4000,
    );
    assert.equal(
      (
        await call(ctx.app, '/share/report', {
          share_code: 'demo-public',
          content: ` ${'r'.repeat(300)} `,
        })
      ).envelope.code,
      0,
    );
    assert.equal(
      (await call(ctx.app, '/share/report', { share_code: 'nope', content: 'x' })).envelope.code,
      4004,
    );
  });
});

describe('/event/report', () => {
  it('stores signed events and silently drops badly signed ones', async () => {
    const content = JSON.stringify({ share_code: 'demo-public' });
    const good = await call(ctx.app, '/event/report', {
      event_name: 'share_view_details_enter',
      content,
      sign: eventSign(content, 'share_view_details_enter', 'nimbus-dev-event-key'),
    });
    assert.deepEqual(good.envelope, { code: 0, msg: 'success', data: null });
    const bad = await call(ctx.app, '/event/report', {
      event_name: 'store_click',
      content,
      sign: 'f'.repeat(32),
    });
    assert.equal(bad.envelope.code, 0);
    const stored = await ctx.app.db.select().from(events);
    assert.deepEqual(
      stored.map((row) => row.eventName),
      ['share_view_details_enter'],
    );
  });
});
