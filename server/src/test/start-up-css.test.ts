import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { START_AFTER_FIRST_PAINT_SCRIPT, START_UP_CSS_ELEMENT_ID } from 'shared-contracts/page';
import { createTestApp, staticRootFixture, type TestContext } from './helpers';

// The builds as webpack/index.js writes them: the shell's head links its start-up chunk's CSS,
// and the share remote's manifest names its exposed module's CSS. Small stand-ins of the
// first-screen renderers (first-screen.test.ts has the same) paint a list.
const { root: fixture, write } = staticRootFixture('start-up-css');
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';

const SHELL_CSS = '.nb-layout{display:flex}';
// A comment that would end the element early if it were written as it is.
const VIEWER_CSS = '.ns-row{color:blue}/* </style><script>alert(1)</script> */';
const SHELL_STYLE = `<style data-href="375.2e604077.css">${SHELL_CSS}</style>`;
const VIEWER_STYLE =
  '<style data-href="__federation_expose_ShareViewer.c6e40b2a.css">' +
  '.ns-row{color:blue}/* <\\/style><script>alert(1)</script> */</style>';

function writeBuilds(shellCssLink: string) {
  write(
    'shell/dist/index.html',
    '<!doctype html><html><head><title>Shell</title>' +
      '<script defer src=/main.0123abcd.js></script>' +
      '<link rel=preload as=script href=/react-dom.4567cdef.js data-at-first-paint>' +
      `${shellCssLink}<link rel=preload as=script href=/375.89abcdef.js>` +
      '</head><body><div id=app></div></body></html>',
  );
}

let ctx: TestContext;
let canaryCtx: TestContext;
before(async () => {
  writeBuilds('<link rel=stylesheet href=/375.2e604077.css>');
  write('shell/dist/375.2e604077.css', SHELL_CSS);
  write(
    'remote-share/dist/mf-manifest.json',
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          path: './ShareViewer',
          assets: {
            js: { sync: ['__federation_expose_ShareViewer.3098a0b8.js'], async: [] },
            css: { sync: ['__federation_expose_ShareViewer.c6e40b2a.css'], async: [] },
          },
        },
      ],
    }),
  );
  write('remote-share/dist/__federation_expose_ShareViewer.c6e40b2a.css', VIEWER_CSS);
  write(
    'shell/dist-first-screen/first-screen.js',
    `exports.renderPageFrame = (input) => '<div class="frame"><main>' + input.content + '</main></div>';`,
  );
  write('shell/dist-first-screen/first-screen.css', '.frame{color:red}');
  write(
    'remote-share/dist-first-screen/first-screen.js',
    `exports.renderShareFirstScreen = ({ answers }) => '<ul class="list">' + answers.root_list.map((item) => '<li>' + item.name.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</li>').join('') + '</ul>';`,
  );
  write('remote-share/dist-first-screen/first-screen.css', '.list{color:blue}');
  // The same builds, the share remote running a canary (set here as the releases API would).
  write(
    'canary-config.json',
    JSON.stringify({
      remotes: {
        share: {
          canary: {
            id: 7,
            manifestUrl: '/releases/share/2.0.0/mf-manifest.json',
            release: '2.0.0',
            percent: 10,
          },
        },
      },
    }),
  );
  ctx = await createTestApp({ staticRoot: fixture });
  canaryCtx = await createTestApp({
    staticRoot: fixture,
    runtimeConfigFile: path.join(fixture, 'canary-config.json'),
  });
});
after(async () => {
  await ctx.close();
  await canaryCtx.close();
  rmSync(fixture, { recursive: true, force: true });
});

const pageOf = async (app: TestContext['app'], url: string) =>
  (await app.inject({ url, headers: { 'user-agent': PHONE } })).body;
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const template = (styles: string) =>
  `<template id="${START_UP_CSS_ELEMENT_ID}">${styles}</template></body>`;

describe("the start-up's CSS comes with the page", () => {
  it('over a first screen: inert after the start-up, the viewer’s then the shell’s, no stylesheet to fetch', async () => {
    const html = await pageOf(ctx.app, '/s/demo-public');
    assert.ok(html.includes('<div data-first-screen'), 'the page has its first screen');
    assert.ok(!html.includes('rel=stylesheet'), 'no stylesheet link left');
    assert.ok(!headOf(html).includes('data-href'), 'nothing of it in the head before the paint');
    assert.ok(html.endsWith(`${template(VIEWER_STYLE + SHELL_STYLE)}</html>`), html.slice(-400));
    assert.ok(
      html.indexOf(START_AFTER_FIRST_PAINT_SCRIPT) < html.indexOf(`<template id=`),
      'after the start-up: its scripts are requested first',
    );
    assert.ok(!html.includes('</style><script>alert(1)'), 'the CSS cannot end its element');
  });

  it('without a first screen: applied in the head, before the app starts', async () => {
    for (const url of ['/', '/s/demo-private', '/invite']) {
      const html = await pageOf(ctx.app, url);
      assert.ok(!html.includes('rel=stylesheet'), url);
      assert.ok(!html.includes(`<template id="${START_UP_CSS_ELEMENT_ID}"`), url);
      assert.ok(headOf(html).includes(SHELL_STYLE), url);
    }
    // The viewer's CSS with the pages it shows (the home page's too), not the invite page.
    for (const url of ['/', '/s/demo-private'])
      assert.ok(headOf(await pageOf(ctx.app, url)).includes(VIEWER_STYLE), url);
    assert.ok(!(await pageOf(ctx.app, '/invite')).includes('__federation_expose_ShareViewer'));
  });

  it("leaves a remote's CSS to its chunks while it runs a canary: each browser picks its release", async () => {
    const html = await pageOf(canaryCtx.app, '/s/demo-public');
    assert.ok(html.includes('<div data-first-screen'), 'the page has its first screen');
    assert.ok(html.includes(template(SHELL_STYLE)), 'the shell’s CSS only');
    assert.ok(!html.includes('__federation_expose_ShareViewer.c6e40b2a.css'));
  });

  it("keeps the shell's link when its CSS cannot be read", async () => {
    writeBuilds('<link rel=stylesheet href=/375.ffffffff.css>');
    try {
      // The shell's page is re-read when its file changes (twice a second at most).
      await new Promise((resolve) => setTimeout(resolve, 600));
      const html = await pageOf(ctx.app, '/');
      assert.ok(headOf(html).includes('<link rel=stylesheet href=/375.ffffffff.css>'));
      assert.ok(!html.includes('data-href="375.'));
    } finally {
      writeBuilds('<link rel=stylesheet href=/375.2e604077.css>');
    }
  });
});
