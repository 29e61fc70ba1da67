import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { KEEP_FIRST_SCREEN_TAPS_SCRIPT } from 'shared-contracts';
import { createTestApp, type TestContext } from './helpers';

// The apps' server builds are stood in for by small CommonJS renderers of the same interface
// (shared-contracts: PageFrameRenderer, ShareFirstScreenRenderer): these tests are about what
// the server does with them; the renderers have their own tests in the apps.
const fixture = mkdtempSync(path.join(tmpdir(), 'nimbus-first-screen-'));

function write(relative: string, text: string) {
  const file = path.join(fixture, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const FRAME = 'shell/dist-first-screen/first-screen.js';
const VIEWER = 'remote-share/dist-first-screen/first-screen.js';
const frameRenderer = (marker: string) =>
  `exports.renderPageFrame = (input) => '<div class="frame ${marker}" data-platform="' + input.platform + '" data-language="' + input.language + '">' + input.config.productName + '<main>' + input.content + '</main></div>';`;
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';

let ctx: TestContext;
before(async () => {
  write(
    'shell/dist/index.html',
    '<!doctype html><html><head><title>Shell</title><script defer src=/main.0123abcd.js></script></head><body><div id=app></div></body></html>',
  );
  write(FRAME, frameRenderer('v1'));
  write('shell/dist-first-screen/first-screen.css', '.frame{color:red}');
  write(
    VIEWER,
    // Escapes like React; the `$&` would be a replacement pattern to a careless String.replace.
    `exports.renderShareFirstScreen = ({ answers }) => '<ul>' + answers.root_list.map((item) => '<li>' + item.name.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</li>').join('') + '</ul><p>$&</p>';`,
  );
  write(
    'remote-share/dist-first-screen/first-screen.css',
    '.list{color:blue}/* </style><script>alert(1)</script> */',
  );
  ctx = await createTestApp({ staticRoot: fixture });
});
after(async () => {
  await ctx.close();
  rmSync(fixture, { recursive: true, force: true });
});

/** The page's app container, with the first screen the server rendered into it. */
function appContainerOf(html: string): string {
  const start = html.indexOf('<div id="app">');
  assert.ok(start >= 0, 'the page has its app container');
  return html.slice(start, html.indexOf('</body>'));
}

describe('the first screen of a share page', () => {
  it("is rendered into the page for a public share's root, its taps kept until the app takes over", async () => {
    const response = await ctx.app.inject({
      url: '/s/demo-public',
      headers: { 'user-agent': PHONE, 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    const html = response.body;
    const container = appContainerOf(html);
    assert.match(
      container,
      /^<div id="app"><div data-first-screen style="display:contents"><div class="frame v1" data-platform="android" data-language="zh">Nimbus<main><ul>/,
    );
    for (const name of ['Documents', 'Photos', 'mountains.jpg']) {
      assert.ok(container.includes(`<li>${name}</li>`), name);
    }
    assert.ok(container.includes('<p>$&</p>'), 'the HTML goes in as it is');
    // The CSS of both renders, in the head, where a `</style` in it cannot end the element.
    const head = html.slice(0, html.indexOf('</head>'));
    assert.ok(head.includes('<style data-first-screen>.frame{color:red}\n.list{color:blue}'));
    assert.ok(!html.includes('</style><script>alert(1)'));
    // The tap keeper, inline in the head, allowed by its hash and by nothing looser.
    assert.ok(head.includes(`<script>${KEEP_FIRST_SCREEN_TAPS_SCRIPT}</script>`));
    const scriptSources =
      /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1] ?? '';
    const hash = createHash('sha256').update(KEEP_FIRST_SCREEN_TAPS_SCRIPT).digest('base64');
    assert.ok(scriptSources.split(' ').includes(`'sha256-${hash}'`));
    assert.ok(!scriptSources.includes('unsafe-inline'));
    assert.equal(response.headers.vary?.toString().includes('User-Agent, Accept-Language'), true);
  });

  it('is rendered for the platform the user agent names, and for a desktop without one', async () => {
    const platformOf = async (userAgent: string) =>
      /data-platform="(\w+)"/.exec(
        (await ctx.app.inject({ url: '/s/demo-public', headers: { 'user-agent': userAgent } }))
          .body,
      )?.[1];
    assert.equal(await platformOf(PHONE), 'android');
    assert.equal(
      await platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'),
      'ios',
    );
    assert.equal(await platformOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0'), 'other');
    assert.equal(
      await platformOf('Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0'),
      'mobile',
    );
  });

  it('is left to the app on pages whose answers carry no list', async () => {
    for (const url of ['/s/demo-private', '/s/demo-expired', '/s/nope', '/invite', '/']) {
      const html = (await ctx.app.inject(url)).body;
      assert.ok(html.includes('<div id=app></div>'), url);
      assert.ok(!html.includes('data-first-screen'), url);
    }
  });

  /** A cached page is rendered again within a few seconds; the test does not wait them out. */
  const afterPageCacheTime = () => ctx.app.pageCache.clear();

  it('uses a new build of a renderer without a restart', async () => {
    write(FRAME, frameRenderer('v2'));
    // A second write within the same millisecond would keep the mtime the server compares.
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(fixture, FRAME), later, later);
    afterPageCacheTime();
    const html = (await ctx.app.inject('/s/demo-public')).body;
    assert.ok(html.includes('<div class="frame v2"'));
  });

  it('is left out, and the page still served, when a renderer is missing or fails', async () => {
    write(VIEWER, 'exports.renderShareFirstScreen = () => { throw new Error("broken build"); };');
    const later = new Date(Date.now() + 10000);
    utimesSync(path.join(fixture, VIEWER), later, later);
    afterPageCacheTime();
    const failing = await ctx.app.inject('/s/demo-public');
    assert.equal(failing.statusCode, 200);
    assert.ok(failing.body.includes('<div id=app></div>'));
    assert.ok(failing.body.includes('id="share-answers"'), 'the answers are still in the page');

    rmSync(path.join(fixture, VIEWER));
    afterPageCacheTime();
    const missing = await ctx.app.inject('/s/demo-public');
    assert.equal(missing.statusCode, 200);
    assert.ok(!missing.body.includes('data-first-screen'));
  });
});
