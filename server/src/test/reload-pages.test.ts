import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { shares } from '../db/schema';
import {
  createTestApp,
  shareRefOf,
  staticRootFixture,
  type TestContext,
  SHELL_PAGE_FIXTURE,
} from './helpers';

/**
 * Reloads paint the right first screen (issue 49), read on the raw HTML. A protected share
 * reloaded after its right code: the server paints its list, because the browser holds a signed,
 * HttpOnly cookie for that one share; a forged, another share's or an old code's cookie paints
 * the code prompt as before. A subfolder's address paints that folder with its path; `/` paints
 * the home page in the visitor's language; a grid visitor's share page (their view cookie) paints
 * the grid. The apps'
 * server builds are stood in for by small renderers of the same interface (first-screen.test.ts).
 */
const { root: fixture, write } = staticRootFixture('share-unlock');

let ctx: TestContext;
before(async () => {
  write('shell/dist/index.html', SHELL_PAGE_FIXTURE);
  write(
    'shell/dist-first-screen/first-screen.js',
    `exports.renderPageFrame = (input) => '<div class="frame"><main>' + input.content + '</main></div>';
     exports.renderHomeScreen = (input) => '<div class="frame"><main><section class="home">Open files shared with you (' + input.language + ', ' + input.platform + ')</section></main></div>';`,
  );
  write('shell/dist-first-screen/first-screen.css', '.frame{color:red}.home{color:green}');
  write(
    'remote-share/dist-first-screen/first-screen.js',
    `exports.renderShareFirstScreen = ({ answers, view }) => '<nav class="crumbs">' + (answers.folder_path || []).map((folder) => '<b>' + folder.name + '</b>').join('') + '</nav>' + (view === 'grid' ? '<div class="grid" role="grid">' + answers.root_list.map((item) => '<b>' + item.name + '</b>').join('') + '</div>' : '<ul class="list">' + answers.root_list.map((item) => '<li>' + item.name + '</li>').join('') + '</ul>');
     exports.renderShareScreen = ({ info }) => ({ html: '<form class="code-prompt">Extract code</form>', title: 'Enter the extract code' });`,
  );
  write('remote-share/dist-first-screen/first-screen.css', '.list{color:blue}.grid{color:teal}');
  ctx = await createTestApp({ staticRoot: fixture });
});
after(async () => {
  await ctx.close();
  rmSync(fixture, { recursive: true, force: true });
});

/** `/share/detail` of a share's root with a code, as the code prompt sends it; its answer. */
async function unlock(code: string, extractCode: string, cookie?: string) {
  const share = await shareRefOf(ctx.app, code);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/share/detail',
    headers: { 'x-app-name': 'web', ...(cookie ? { cookie } : {}) },
    payload: { ...share, extract_code: extractCode },
  });
}

/** The Cookie header a browser sends back for the Set-Cookie headers of an answer (name=value). */
function cookieOf(setCookie: string | string[] | undefined): string {
  const first = (Array.isArray(setCookie) ? setCookie[0] : setCookie) ?? '';
  return first.split(';')[0] ?? '';
}

const page = (url: string, cookie?: string) =>
  ctx.app.inject({ url, headers: cookie ? { cookie } : {} });

const paintsList = (html: string) => html.includes('<ul class="list">');
const paintsPrompt = (html: string) => html.includes('<form class="code-prompt">');

describe("a protected share's unlock cookie", () => {
  it('is set by the right code: HttpOnly, SameSite=Lax, scoped to the share, a day at most', async () => {
    const wrong = await unlock('demo-private', 'zz99');
    assert.equal(wrong.headers['set-cookie'], undefined, 'a wrong code sets nothing');
    const right = await unlock('demo-private', 'ab12');
    assert.equal(right.json<{ code: number }>().code, 0);
    const cookies = right.headers['set-cookie'];
    assert.ok(Array.isArray(cookies) && cookies.length === 2, 'one for the page, one for the API');
    const [forPage, forApi] = cookies;
    assert.match(
      forPage ?? '',
      /^nimbus_unlock_demo-private=\d+\.[\w-]{43}; Path=\/s\/demo-private; Max-Age=86400; HttpOnly; SameSite=Lax$/,
    );
    assert.match(forApi ?? '', /; Path=\/api\/share; /);
    assert.ok(!(forPage ?? '').includes('ab12'), 'the code itself is never in the cookie');
    // A public share has nothing to unlock.
    assert.equal((await unlock('demo-public', '')).headers['set-cookie'], undefined);
  });

  it("paints the share's list on a reload, never kept by a shared cache", async () => {
    const cookie = cookieOf((await unlock('demo-private', 'ab12')).headers['set-cookie']);
    const before = await page('/s/demo-private');
    assert.ok(paintsPrompt(before.body), 'without the cookie: the code prompt');
    const reload = await page('/s/demo-private', cookie);
    assert.equal(reload.statusCode, 200);
    assert.ok(paintsList(reload.body), 'with it: the list');
    assert.ok(!paintsPrompt(reload.body));
    const root = (await unlock('demo-private', 'ab12')).json<{
      data: { file_list: { name: string }[] };
    }>().data.file_list;
    for (const { name } of root) assert.ok(reload.body.includes(`<li>${name}</li>`), name);
    assert.ok(root.length > 0);
    // The page's answers carry the list for the app; never the code.
    assert.match(reload.body, /"root_list":\[\{/);
    assert.ok(!/ab12/.test(reload.body), 'the extract code is nowhere in the page');
    assert.match(String(reload.headers['cache-control']), /^private/);
    assert.match(String(reload.headers.vary), /Cookie/);
    assert.equal(reload.headers['surrogate-key'], undefined);
  });

  it("paints the code prompt for a forged, tampered, expired or another share's cookie", async () => {
    const cookie = cookieOf((await unlock('demo-private', 'ab12')).headers['set-cookie']);
    const [name, value = ''] = cookie.split('=');
    const [expires = '', signature = ''] = value.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const forged = [
      `${name}=${expires}.${flipped}`,
      `${name}=${Number(expires) + 60}.${signature}`,
      `${name}=${Math.floor(Date.now() / 1000) - 10}.${signature}`,
      `${name}=${value}x`,
      `${name}=`,
      `${name}=${'9'.repeat(5000)}`,
      // The cookie of this share under another share's name.
      `nimbus_unlock_demo-public=${value}`,
    ];
    for (const bad of forged) {
      const html = (await page('/s/demo-private', bad)).body;
      assert.ok(paintsPrompt(html) && !paintsList(html), bad.slice(0, 80));
    }
    // ... and the API asks for the code again.
    const share = await shareRefOf(ctx.app, 'demo-private');
    const api = await ctx.app.inject({
      method: 'POST',
      url: '/api/share/detail',
      headers: { 'x-app-name': 'web', cookie: forged[0] ?? '' },
      payload: { ...share, extract_code: '' },
    });
    assert.equal(api.json<{ code: number }>().code, 4002);
  });

  it("lets the app list the share's folders with it, without the code", async () => {
    const cookie = cookieOf((await unlock('demo-private', 'ab12')).headers['set-cookie']);
    const answer = await unlock('demo-private', '', cookie);
    assert.equal(answer.json<{ code: number }>().code, 0);
    assert.equal(answer.headers['set-cookie'], undefined, 'the cookie is not renewed by itself');
    const listed = answer.json<{ data: { file_list: { id: number; is_folder: number }[] } }>().data
      .file_list;
    const folder = listed.find((item) => item.is_folder === 1);
    assert.ok(folder, 'the demo share has a folder');
    const share = await shareRefOf(ctx.app, 'demo-private');
    const path = await ctx.app.inject({
      method: 'POST',
      url: '/api/share/folder_path',
      headers: { 'x-app-name': 'web', cookie },
      payload: { ...share, extract_code: '', folder_id: folder.id },
    });
    assert.equal(path.json<{ code: number }>().code, 0);
  });

  it("stops unlocking once the share's code changes, or the share is canceled", async () => {
    const cookie = cookieOf((await unlock('demo-private', 'ab12')).headers['set-cookie']);
    const { share_id: id } = await shareRefOf(ctx.app, 'demo-private');
    const { db } = ctx.database;
    await db.update(shares).set({ extractCode: 'cd34' }).where(eq(shares.id, id));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const html = (await page('/s/demo-private', cookie)).body;
      assert.ok(paintsPrompt(html) && !paintsList(html), "the old code's cookie: the prompt");
      assert.equal((await unlock('demo-private', '', cookie)).json<{ code: number }>().code, 4002);
      await db.update(shares).set({ extractCode: 'ab12', status: 2 }).where(eq(shares.id, id));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const canceled = (await page('/s/demo-private', cookie)).body;
      assert.ok(!paintsList(canceled), 'a canceled share shows no list');
      assert.notEqual((await unlock('demo-private', '', cookie)).json<{ code: number }>().code, 0);
    } finally {
      await db.update(shares).set({ extractCode: 'ab12', status: 1 }).where(eq(shares.id, id));
    }
  });
});

interface Item {
  id: number;
  name: string;
  is_folder: number;
}

/** The items of a share's folder (its root without one), through the API. */
async function itemsOf(code: string, folderId?: number, cookie?: string): Promise<Item[]> {
  const share = await shareRefOf(ctx.app, code);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/share/detail',
    headers: { 'x-app-name': 'web', ...(cookie ? { cookie } : {}) },
    payload: { ...share, extract_code: '', ...(folderId ? { folder_id: folderId } : {}) },
  });
  return response.json<{ data: { file_list: Item[] } }>().data.file_list;
}

const idOf = (items: Item[], name: string) => {
  const found = items.find((item) => item.name === name);
  assert.ok(found, name);
  return found.id;
};

const crumbsOf = (html: string) => /<nav class="crumbs">(.*?)<\/nav>/.exec(html)?.[1];

describe("a subfolder's address", () => {
  it("paints that folder: its path and its items, whatever else the link's query holds", async () => {
    const photos = idOf(await itemsOf('demo-public'), 'Photos');
    const year = idOf(await itemsOf('demo-public', photos), '2025');
    const items = await itemsOf('demo-public', year);
    for (const url of [
      `/s/demo-public?folder=${year}`,
      `/s/demo-public?utm_source=chat&folder=${year}&from=x`,
    ]) {
      const html = (await page(url)).body;
      assert.equal(crumbsOf(html), '<b>Photos</b><b>2025</b>', url);
      for (const { name } of items) assert.ok(html.includes(`<li>${name}</li>`), name);
      assert.ok(!html.includes('<li>Photos</li>'), 'not the root');
      assert.match(html, /"folder_path":\[\{"id":\d+,"name":"Photos"\}/);
    }
  });

  it('paints the root for a folder the share does not hold, without a crash', async () => {
    const root = await itemsOf('demo-public');
    const cookie = cookieOf((await unlock('demo-private', 'ab12')).headers['set-cookie']);
    const otherShares = idOf(await itemsOf('demo-private', undefined, cookie), 'Photos');
    for (const url of [
      '/s/demo-public?folder=2147483647',
      `/s/demo-public?folder=${otherShares}`,
      '/s/demo-public?folder=abc',
    ]) {
      const response = await page(url);
      assert.equal(response.statusCode, 200, url);
      if (url.endsWith('abc')) continue; // not a folder id: the app's list of its own
      assert.equal(crumbsOf(response.body), '', url);
      for (const { name } of root) assert.ok(response.body.includes(`<li>${name}</li>`), name);
      assert.ok(!response.body.includes('folder_path'), url);
    }
  });

  it('of an unlocked protected share paints the folder; without the cookie the prompt', async () => {
    const cookie = cookieOf((await unlock('demo-private', 'ab12')).headers['set-cookie']);
    const photos = idOf(await itemsOf('demo-private', undefined, cookie), 'Photos');
    const unlocked = (await page(`/s/demo-private?folder=${photos}`, cookie)).body;
    assert.equal(crumbsOf(unlocked), '<b>Photos</b>');
    assert.ok(unlocked.includes('<li>2025</li>'));
    const locked = (await page(`/s/demo-private?folder=${photos}`)).body;
    assert.ok(paintsPrompt(locked) && !paintsList(locked));
  });
});

describe("a grid visitor's share page", () => {
  const paintsGrid = (html: string) => html.includes('<div class="grid" role="grid">');

  it('paints the grid for the view cookie, the list for any other value or none', async () => {
    const grid = await page('/s/demo-public', 'nimbus_view=grid');
    assert.equal(grid.statusCode, 200);
    assert.ok(paintsGrid(grid.body), 'the cookie says grid: the grid');
    assert.ok(!paintsList(grid.body));
    assert.match(grid.body, /\.grid\{color:teal\}/, "the grid's CSS travels with it");
    assert.match(String(grid.headers.vary), /X-Nimbus-View/);
    // The page's cache holds one page per view: the list's visitors still get the list.
    for (const cookie of [undefined, 'nimbus_view=list', 'nimbus_view=Grid', 'nimbus_view=grid2']) {
      const other = await page('/s/demo-public', cookie);
      assert.ok(paintsList(other.body) && !paintsGrid(other.body), String(cookie));
      assert.notEqual(other.headers.etag, grid.headers.etag);
    }
    // A folder's address too.
    const root = (await unlock('demo-public', '')).json<{
      data: { file_list: { id: number; name: string; is_folder: number }[] };
    }>().data.file_list;
    const folder = root.find((item) => item.is_folder === 1);
    assert.ok(folder, 'the demo share has a folder');
    const inFolder = await page(`/s/demo-public?folder=${folder.id}`, 'nimbus_view=grid');
    assert.ok(paintsGrid(inFolder.body) && inFolder.body.includes(`<b>${folder.name}</b>`));
  });

  it("is kept by an edge, one page per view: the cookie is the visitor's choice, no credential", async () => {
    const edge = { 'x-nimbus-platform': 'android', 'x-nimbus-language': 'en' };
    const grid = await ctx.app.inject({
      url: '/s/demo-public',
      headers: { ...edge, 'x-nimbus-view': 'grid' },
    });
    assert.ok(paintsGrid(grid.body));
    assert.match(String(grid.headers['cache-control']), /^public/);
    assert.match(String(grid.headers.vary), /X-Nimbus-View/);
    const list = await ctx.app.inject({
      url: '/s/demo-public',
      headers: { ...edge, 'x-nimbus-view': 'list' },
    });
    assert.ok(paintsList(list.body));
    // Without an edge, the cookie alone is no credential either: the page stays shareable.
    const withCookie = await page('/s/demo-public', 'nimbus_view=grid; nimbus_lang=en');
    assert.doesNotMatch(String(withCookie.headers['cache-control']), /private/);
  });
});

describe('the home page', () => {
  it("is painted by the server in the visitor's language, lang and dir on <html>", async () => {
    for (const [url, language, dir] of [
      ['/', 'en', 'ltr'],
      ['/?lang=ar', 'ar', 'rtl'],
      ['/index.html?lang=ja', 'ja', 'ltr'],
    ] as const) {
      const response = await ctx.app.inject({ url, headers: { 'user-agent': 'Mozilla/5.0' } });
      assert.equal(response.statusCode, 200, url);
      const html = response.body;
      assert.ok(html.includes(`<html lang="${language}" dir="${dir}">`), url);
      assert.ok(
        html.includes(
          `<div id="app"><div data-first-screen style="display:contents"><div class="frame"><main><section class="home">Open files shared with you (${language}, other)</section>`,
        ),
        url,
      );
      assert.ok(
        html.includes('<style data-first-screen>.frame{color:red}.home{color:green}</style>'),
      );
      assert.equal(response.headers['content-language'], language);
      if (!url.startsWith('/index.html')) {
        assert.equal(response.headers['x-robots-tag'], undefined, 'open to search engines');
      }
      assert.ok(!html.includes('id="share-answers"'), 'no share on the home page');
    }
  });
});
