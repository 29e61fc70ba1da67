import assert from 'node:assert/strict';
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  afterFileRecheck,
  appContainerOf,
  createTestApp,
  staticRootFixture,
  type TestContext,
} from './helpers';

// A page is in its visitor's language (docs/product.md, "Languages"): the server chooses it
// (`?lang=`, the language cookie, Accept-Language), writes it on the page's `<html>`, paints the
// first screen in it and carries that language's catalogs of the shell and of the page's remote.
// The builds are stood in for by small files: the renderers write the language they were given,
// and each dist folder holds the catalog files the apps' builds would write.
const { root: fixture, write } = staticRootFixture('page-language');

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';
const SHELL_ARABIC = '/messages/ar.1234abcd.json';
const SHARE_ARABIC = '/remotes/share/messages/ar.5678cdef.json';

let ctx: TestContext;
before(async () => {
  write(
    'shell/dist/index.html',
    '<!doctype html><html lang=en><head><title>Shell</title><script defer src=/main.0123abcd.js></script></head><body><div id=app></div></body></html>',
  );
  write('shell/dist/messages/ar.1234abcd.json', '{"close":["إغلاق"]}');
  write('shell/dist/messages/ja.2345bcde.json', '{"close":["閉じる"]}');
  // A file of no language of the site, one without a version and one that is no catalog.
  write('shell/dist/messages/arx.3456cdef.json', '{"close":["x"]}');
  write('shell/dist/messages/he.json', '{"close":["סגירה"]}');
  write('shell/dist/messages/ko.4567cdef.json', '["닫기"]');
  write(
    'remote-share/dist/mf-manifest.json',
    JSON.stringify({
      name: 'remote_share',
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          path: './ShareViewer',
          assets: { js: { sync: ['__federation_expose_ShareViewer.89abcdef.js'], async: [] } },
        },
      ],
    }),
  );
  write('remote-share/dist/remoteEntry.js', 'var remote_share = 1;');
  write('remote-share/dist/__federation_expose_ShareViewer.89abcdef.js', 'var viewer = 1;');
  write('remote-share/dist/messages/ar.5678cdef.json', '{"retry":["</script><b>إعادة</b>"]}');
  write(
    'shell/dist-first-screen/first-screen.js',
    `exports.renderPageFrame = (input) => '<div class="frame" data-language="' + input.language + '">' + input.content + '</div>';`,
  );
  write(
    'remote-share/dist-first-screen/first-screen.js',
    `exports.renderShareFirstScreen = ({ language }) => '<ul class="list" lang="' + language + '"></ul>';`,
  );
  write('shell/dist-first-screen/first-screen.css', '.frame{color:red}');
  write('remote-share/dist-first-screen/first-screen.css', '.list{color:blue}');
  ctx = await createTestApp({ staticRoot: fixture });
});
after(async () => {
  await ctx.close();
  rmSync(fixture, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { 'user-agent': PHONE, ...headers } });

/** The page's `<html>` start tag. */
const htmlTagOf = (html: string) => /<html[^>]*>/.exec(html)?.[0];

/** The language the first screen was painted in (the frame's renderer writes it). */
const paintedLanguageOf = (html: string) =>
  /<div class="frame" data-language="([^"]+)">/.exec(appContainerOf(html))?.[1];

const PAGE_MESSAGES = /<script type="application\/json" id="page-messages">([^<]*)<\/script>/;

/** The catalogs the page carries, by their files' paths; null when it carries none. */
const carriedCatalogsOf = (html: string): Record<string, unknown> | null => {
  const json = PAGE_MESSAGES.exec(html)?.[1];
  return json === undefined ? null : (JSON.parse(json) as Record<string, unknown>);
};

describe("a page in the visitor's language", () => {
  it('is chosen from ?lang=, then the language cookie, then Accept-Language, and written on <html>', async () => {
    for (const [url, headers, tag] of [
      [
        '/s/demo-public?lang=ar',
        { cookie: 'nimbus_lang=ja', 'accept-language': 'ko' },
        '<html lang="ar" dir="rtl">',
      ],
      [
        '/s/demo-public?lang=nope',
        { cookie: 'nimbus_lang=he', 'accept-language': 'ko' },
        '<html lang="he" dir="rtl">',
      ],
      [
        '/s/demo-public',
        { 'accept-language': 'zh-TW,en;q=0.8' },
        '<html lang="zh-Hant" dir="ltr">',
      ],
      ['/s/demo-public', { 'accept-language': 'nl-NL,pt;q=0.5' }, '<html lang="pt-BR" dir="ltr">'],
      ['/s/demo-public', {}, '<html lang="en" dir="ltr">'],
      ['/', { 'accept-language': 'ar-EG' }, '<html lang="ar" dir="rtl">'],
      ['/no/such/page', { cookie: 'nimbus_lang=he' }, '<html lang="he" dir="rtl">'],
    ] as const) {
      const response = await page(url, headers);
      assert.equal(htmlTagOf(response.body), tag, `${url} ${JSON.stringify(headers)}`);
    }
  });

  it("has its first screen painted in that language, and varies by the edge's language", async () => {
    const arabic = await page('/s/demo-public', { cookie: 'nimbus_lang=ar' });
    assert.equal(paintedLanguageOf(arabic.body), 'ar');
    assert.match(appContainerOf(arabic.body), /<ul class="list" lang="ar">/);
    assert.equal(
      arabic.headers.vary,
      'Accept-Encoding, X-Nimbus-Platform, X-Nimbus-Language, X-Nimbus-View',
    );
    const english = await page('/s/demo-public');
    assert.equal(paintedLanguageOf(english.body), 'en');
    assert.notEqual(english.headers.etag, arabic.headers.etag);
  });

  it('is the page the edge asks for in that language, however the visitor chose it', async () => {
    const edge = { 'x-nimbus-platform': 'android', 'x-nimbus-language': 'ar' };
    const behindEdge = await page('/s/demo-public', { ...edge, 'accept-language': 'en' });
    assert.equal(htmlTagOf(behindEdge.body), '<html lang="ar" dir="rtl">');
    for (const chosen of [
      page('/s/demo-public?lang=ar'),
      page('/s/demo-public', { cookie: 'nimbus_lang=ar' }),
      page('/s/demo-public', { 'accept-language': 'ar-SA,en;q=0.5' }),
    ]) {
      assert.equal((await chosen).headers.etag, behindEdge.headers.etag);
    }
  });

  it("carries its language's catalogs of the shell and the page's remote, ahead of the start-up", async () => {
    // Over a first screen: after the screen, before the start-up's scripts.
    const arabic = await page('/s/demo-public?lang=ar');
    assert.deepEqual(carriedCatalogsOf(arabic.body), {
      [SHELL_ARABIC]: { close: ['إغلاق'] },
      [SHARE_ARABIC]: { retry: ['</script><b>إعادة</b>'] },
    });
    // A text cannot end the element: its `<` is written as \u003c.
    assert.ok(!arabic.body.includes('</script><b>'));
    const container = appContainerOf(arabic.body);
    const carried = container.indexOf('id="page-messages"');
    assert.ok(carried > container.indexOf('</ul>'), 'after the first screen');
    assert.ok(carried < container.indexOf('<link rel=preload'), "before the start-up's scripts");
    // Without one: at the body's start, with the page's other data.
    const home = await page('/', { 'accept-language': 'ar' });
    assert.deepEqual(Object.keys(carriedCatalogsOf(home.body) ?? {}), [SHELL_ARABIC, SHARE_ARABIC]);
    assert.ok(home.body.indexOf('id="page-messages"') > home.body.indexOf('<body'));
  });

  it('carries only the catalogs the builds have, and nothing for English', async () => {
    // The shell has Japanese texts, the viewer none; Hebrew's file has no version, Korean's is
    // no catalog.
    const japanese = await page('/s/demo-public?lang=ja');
    assert.deepEqual(carriedCatalogsOf(japanese.body), {
      '/messages/ja.2345bcde.json': { close: ['閉じる'] },
    });
    assert.equal(carriedCatalogsOf((await page('/?lang=he')).body), null);
    assert.equal(carriedCatalogsOf((await page('/?lang=ko')).body), null);
    for (const english of [await page('/s/demo-public'), await page('/')]) {
      assert.equal(carriedCatalogsOf(english.body), null);
    }
  });

  it("carries a new build's catalog without a restart", async () => {
    const rebuilt = '/messages/ar.9999ffff.json';
    renameSync(
      path.join(fixture, 'shell/dist', SHELL_ARABIC),
      path.join(fixture, 'shell/dist', rebuilt),
    );
    await afterFileRecheck();
    try {
      const home = await page('/?lang=ar');
      assert.deepEqual(Object.keys(carriedCatalogsOf(home.body) ?? {}).slice(0, 1), [rebuilt]);
    } finally {
      renameSync(
        path.join(fixture, 'shell/dist', rebuilt),
        path.join(fixture, 'shell/dist', SHELL_ARABIC),
      );
    }
  });
});
