import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  FIRST_SCREEN_DATES_SCRIPT,
  KEEP_FIRST_SCREEN_TAPS_SCRIPT,
  START_AFTER_FIRST_PAINT_SCRIPT,
} from 'shared-contracts/page';
import { startAppAfterFirstPaint } from '../page-assembly/start-after-first-paint';
import { createTestApp, type TestContext, staticRootFixture, appContainerOf } from './helpers';

// The apps' server builds are stood in for by small CommonJS renderers of the same interface
// (shared-contracts: PageFrameRenderer, ShareFirstScreenRenderer): these tests are about what
// the server does with them; the renderers have their own tests in the apps.
const { root: fixture, write } = staticRootFixture('first-screen');

const FRAME = 'shell/dist-first-screen/first-screen.js';
const VIEWER = 'remote-share/dist-first-screen/first-screen.js';
const frameRenderer = (marker: string) =>
  `exports.renderPageFrame = (input) => '<div class="frame ${marker}" data-platform="' + input.platform + '" data-language="' + input.language + '">' + input.config.productName + '<main>' + input.content + '</main></div>';`;
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';

/** The shell's scripts in its index.html, as its build writes them (webpack/index.js). */
const SHELL_SCRIPTS =
  '<script defer src=/main.0123abcd.js></script>' +
  '<link rel=preload as=script href=/react-dom.4567cdef.js data-at-first-paint>' +
  '<link rel=preload as=script href=/339.89abcdef.js>';

/** The CSP source that allows `script` inline. */
const hashSource = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

let ctx: TestContext;
before(async () => {
  write(
    'shell/dist/index.html',
    `<!doctype html><html><head><title>Shell</title>${SHELL_SCRIPTS}</head><body><div id=app></div></body></html>`,
  );
  write(FRAME, frameRenderer('v1'));
  write('shell/dist-first-screen/first-screen.css', '.frame{color:red}');
  write(
    VIEWER,
    // Escapes like React; the `$&` would be a replacement pattern to a careless String.replace.
    `exports.renderShareFirstScreen = ({ answers }) => '<ul class="list">' + answers.root_list.map((item) => '<li>' + item.name.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</li>').join('') + '</ul><time class="ns-row__time" datetime="2023-11-14T22:13:20.000Z">t</time><p>$&</p>';`,
  );
  write(
    'remote-share/dist-first-screen/first-screen.css',
    '.list{color:blue}.dialog{color:green}/* </style><script>alert(1)</script> */',
  );
  ctx = await createTestApp({ staticRoot: fixture });
});
after(async () => {
  await ctx.close();
  rmSync(fixture, { recursive: true, force: true });
});

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
      /^<div id="app"><div data-first-screen style="display:contents"><div class="frame v1" data-platform="android" data-language="zh-Hans">Nimbus<main><ul class="list">/,
    );
    for (const name of ['Documents', 'Photos', 'mountains.jpg']) {
      assert.ok(container.includes(`<li>${name}</li>`), name);
    }
    assert.ok(container.includes('<p>$&</p>'), 'the HTML goes in as it is');
    // The CSS of both renders that the screen uses (not the dialog's), in the head, where a
    // `</style` in it cannot end the element.
    const head = html.slice(0, html.indexOf('</head>'));
    assert.ok(head.includes('<style data-first-screen>.frame{color:red}\n.list{color:blue}/*'));
    assert.ok(!head.includes('.dialog'), 'no rule for what the screen does not show');
    assert.ok(!html.includes('</style><script>alert(1)'));
    // The tap keeper, inline in the head, allowed by its hash and by nothing looser.
    assert.ok(head.includes(`<script>${KEEP_FIRST_SCREEN_TAPS_SCRIPT}</script>`));
    const scriptSources =
      /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1] ?? '';
    assert.ok(scriptSources.split(' ').includes(hashSource(KEEP_FIRST_SCREEN_TAPS_SCRIPT)));
    assert.ok(!scriptSources.includes('unsafe-inline'));
    // By the edge's normalised headers (page-assembly/page-client.ts), never the whole user agent
    // or cookie: the view is the one the edge writes from the view cookie.
    assert.equal(
      response.headers.vary,
      'Accept-Encoding, X-Nimbus-Platform, X-Nimbus-Language, X-Nimbus-View',
    );
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
    // Behind an edge its normalised class is the one rendered (ops/varnish/nimbus.vcl).
    const behindEdge = await ctx.app.inject({
      url: '/s/demo-public',
      headers: { 'user-agent': PHONE, 'x-nimbus-platform': 'ios', 'x-nimbus-language': 'en' },
    });
    assert.equal(/data-platform="(\w+)"/.exec(behindEdge.body)?.[1], 'ios');
  });

  // The order of the page (docs/performance.md, "First paint as early as the wire allows"): the
  // head carries the first screen's CSS and the tap keeper and nothing to download; the first
  // screen's markup comes first in the body, its times' script right after it, then the page's
  // data and the start-up. This used to put the start-up's preloads in the head and a `Link`
  // header: they went on the wire before the markup that paints.
  it('sends nothing but the first screen before it: the start-up follows it, and starts after its paint', async () => {
    const response = await ctx.app.inject({
      url: '/s/demo-public',
      headers: { 'user-agent': PHONE },
    });
    const html = response.body;
    const head = html.slice(0, html.indexOf('</head>'));
    assert.ok(!/<script (defer|src|data-entry)|rel=preload/.test(head), 'no start-up in the head');
    assert.equal(response.headers.link, undefined, 'no Link header puts scripts ahead of it');
    const order = [
      '<div id="app"><div data-first-screen',
      `</div><script>${FIRST_SCREEN_DATES_SCRIPT}</script>`,
      '<script type="application/json" id="runtime-config">',
      '<script type="application/json" id="share-answers">',
      '<link rel=preload href="/main.0123abcd.js" as=script fetchpriority=low>' +
        '<link rel=preload href="/339.89abcdef.js" as=script fetchpriority=low>' +
        '<script data-entry="/main.0123abcd.js" data-request-at-first-paint="/react-dom.4567cdef.js">' +
        `${START_AFTER_FIRST_PAINT_SCRIPT}</script>`,
      '</body>',
    ].map((part) => html.indexOf(part));
    assert.ok(!order.includes(-1), `every part is in the page: ${order.join(', ')}`);
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a - b),
      'in this order',
    );
    assert.ok(!html.includes('react-dom.4567cdef.js" as=script'), 'react-dom waits for the paint');
    const scriptSources =
      /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1] ?? '';
    for (const script of [START_AFTER_FIRST_PAINT_SCRIPT, FIRST_SCREEN_DATES_SCRIPT])
      assert.ok(scriptSources.split(' ').includes(hashSource(script)));
  });

  it('is left to the app on pages whose answers carry no list', async () => {
    for (const url of ['/s/demo-private', '/s/demo-expired', '/s/nope', '/invite', '/']) {
      const html = (await ctx.app.inject(url)).body;
      assert.ok(html.includes('<div id=app></div>'), url);
      assert.ok(!html.includes('data-first-screen'), url);
      // Without a first screen nothing is painted before the app: it starts as built.
      assert.ok(html.includes(SHELL_SCRIPTS), url);
    }
  });

  it('is left to the app on a sorted or filtered list (it shows the root in its plain order)', async () => {
    const root = (await ctx.app.inject('/s/demo-public')).body;
    assert.ok(root.includes('data-first-screen'));
    for (const url of [
      '/s/demo-public?folder=5&sort=size',
      '/s/demo-public?sort=size',
      '/s/demo-public?q=beach',
      // What the edge asks for all of them (ops/varnish/nimbus.vcl).
      '/s/demo-public?folder',
    ]) {
      const html = (await ctx.app.inject(url)).body;
      assert.ok(html.includes('<div id=app></div>'), url);
      assert.ok(!html.includes('data-first-screen'), url);
    }
    // A link's tracking or unknown parameters: the root's page, as the edge serves them.
    const tracked = '/s/demo-public?fbclid=a1&utm_source=mail&gclid=b2&x7k2=q9&pwd=ab12&order=desc';
    assert.equal((await ctx.app.inject(tracked)).body, root);
    // The page kept for the share's root is still the root's.
    assert.ok((await ctx.app.inject('/s/demo-public')).body.includes('data-first-screen'));
  });

  it("moves the app's start after the first screen only where the shell's entry is found", () => {
    const start = startAppAfterFirstPaint(
      '<head><title>t</title><script defer src="/main.js?a&b"></script><link rel="preload" as="script" href="/react.js" data-at-first-paint><link rel=preload as=script href=/chunk.js><link rel="preload" as="script" href="/dom.js" data-at-first-paint></head>',
      ['/remotes/share/remoteEntry.js'],
    );
    assert.equal(start?.html, '<head><title>t</title></head>');
    assert.equal(
      start?.startUp,
      '<link rel=preload href="/main.js?a&amp;b" as=script fetchpriority=low>' +
        '<link rel=preload href="/chunk.js" as=script fetchpriority=low>' +
        '<link rel=preload href="/remotes/share/remoteEntry.js" as=script fetchpriority=low>' +
        `<script data-entry="/main.js?a&amp;b" data-request-at-first-paint="/react.js /dom.js">${START_AFTER_FIRST_PAINT_SCRIPT}</script>`,
    );
    // Over a screen without a list every start-up script waits for the first paint.
    const scriptsAtPaint = startAppAfterFirstPaint(
      '<head><script defer src="/main.js"></script><link rel=preload as=script href=/chunk.js><link rel="preload" as="script" href="/dom.js" data-at-first-paint></head>',
      ['/remotes/share/remoteEntry.js'],
      { scriptsAtFirstPaint: true },
    );
    assert.equal(
      scriptsAtPaint?.startUp,
      '<script data-entry="/main.js" data-request-at-first-paint="/chunk.js /remotes/share/remoteEntry.js /dom.js">' +
        `${START_AFTER_FIRST_PAINT_SCRIPT}</script>`,
    );
    const withoutEntry =
      '<head><script src=/main.js></script><link rel=preload as=script href=/react.js data-at-first-paint></head>';
    assert.equal(startAppAfterFirstPaint(withoutEntry, []), null);
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
