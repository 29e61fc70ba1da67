import assert from 'node:assert/strict';
import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  createTestApp,
  type TestContext,
  staticRootFixture,
  afterFileRecheck,
  titleOf,
} from './helpers';

/**
 * The page the server sends for `/`: the home page (issue 32). A real page with status 200, the
 * product's name as its title, open to search engines, unlike every share, invite or 404 page.
 */

const { root: fixture, write } = staticRootFixture('home');
const overrideFile = path.join(fixture, 'runtime-config.json');

const metaOf = (html: string, attribute: 'name' | 'property', name: string) =>
  new RegExp(`<meta ${attribute}="${name}" content="([^"]*)">`).exec(html)?.[1];

let ctx: TestContext;
before(async () => {
  // As the build writes it: its title is webpack's placeholder, not the configured name.
  write(
    'shell/dist/index.html',
    '<!doctype html><html lang=en><head><meta charset=utf-8><title>Placeholder</title><script defer src=/main.0123abcd.js></script></head><body><div id=app></div></body></html>',
  );
  write('runtime-config.json', JSON.stringify({ productName: 'Cirrus' }));
  ctx = await createTestApp({ staticRoot: fixture, runtimeConfigFile: overrideFile });
});
after(async () => {
  await ctx.close();
  rmSync(fixture, { recursive: true, force: true });
});

describe('the home page', () => {
  it('is a 200 page titled with the product name, open to search engines', async () => {
    for (const url of ['/', '/index.html', '/?utm_source=chat']) {
      const response = await ctx.app.inject(url);
      assert.equal(response.statusCode, 200, url);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.equal(titleOf(response.body), 'Cirrus', url);
      assert.equal(metaOf(response.body, 'property', 'og:title'), 'Cirrus');
      assert.equal(
        metaOf(response.body, 'name', 'description'),
        'Open the files shared with you from Cirrus cloud storage.',
      );
    }
    const home = await ctx.app.inject('/');
    assert.equal(home.headers['x-robots-tag'], undefined);
    assert.doesNotMatch(home.body, /<meta name="robots"/);
    // Without the shell's server build (this fixture has none) the app renders the home page
    // itself; with it the server paints it (reload-pages.test.ts). No share's answers either way.
    assert.doesNotMatch(home.body, /id="share-answers"/);
    assert.doesNotMatch(home.body, /data-first-screen/);
    assert.match(home.body, /<div id=app><\/div>/);
  });

  it('leaves share and unknown pages out of search engines, with the same title', async () => {
    for (const [url, status] of [
      ['/s/demo-public', 200],
      ['/nope', 404],
    ] as const) {
      const response = await ctx.app.inject(url);
      assert.equal(response.statusCode, status, url);
      assert.equal(response.headers['x-robots-tag'], 'noindex, nofollow', url);
      assert.match(response.body, /<meta name="robots" content="noindex, nofollow">/, url);
      assert.equal(titleOf(response.body), 'Cirrus', url);
    }
  });

  it('escapes the product name in the title', async () => {
    writeFileSync(overrideFile, JSON.stringify({ productName: '</title><script>x()</script>' }));
    const later = new Date(Date.now() + 5000);
    utimesSync(overrideFile, later, later);
    await afterFileRecheck();
    const html = (await ctx.app.inject('/')).body;
    assert.equal(titleOf(html), '&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;');
    assert.ok(!html.includes('<script>x()'));
  });
});
