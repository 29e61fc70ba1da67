import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { SHARE_ANSWERS_ELEMENT_ID } from 'shared-contracts/page';
import {
  createTestApp,
  type TestContext,
  staticRootFixture,
  appContainerOf,
  assertPaintedScreen,
  titleOf,
  SHELL_PAGE_FIXTURE,
} from './helpers';

// The pages without a list (a protected share's code prompt, a closed share's status view, an
// unknown code) are painted by the viewer's server build too (ShareScreenRenderer). Small
// CommonJS renderers stand in for the builds: these tests are about what the server does with
// them; the renderers have their own tests in the apps.
const { root: fixture, write } = staticRootFixture('screen-pages');

const VIEWER = [
  `exports.renderShareFirstScreen = () => '<ul>the list</ul>';`,
  // What the viewer shows from the info alone; null for an open public share (its list loads).
  `exports.renderShareScreen = ({ shareCode, info }) => {`,
  `  if (info === null) return { html: '<h1>not found: ' + shareCode + '</h1>', title: 'Page not found <x>' };`,
  `  if (info.status !== 1) return { html: '<h1>status ' + info.status + '</h1>', title: 'Closed' };`,
  `  if (info.share_type === 2) return { html: '<form class="screen"><input aria-label="Extract code"><button>Extract file</button></form>', title: 'Enter the extract code' };`,
  `  return null;`,
  `};`,
].join('\n');

let ctx: TestContext;
before(async () => {
  write('shell/dist/index.html', SHELL_PAGE_FIXTURE);
  write(
    'shell/dist-first-screen/first-screen.js',
    `exports.renderPageFrame = (input) => '<div class="frame">' + input.content + '</div>';`,
  );
  write('shell/dist-first-screen/first-screen.css', '.frame{color:red}');
  write('remote-share/dist-first-screen/first-screen.js', VIEWER);
  write('remote-share/dist-first-screen/first-screen.css', '.screen{color:blue}.list{color:red}');
  ctx = await createTestApp({ staticRoot: fixture });
});
after(async () => {
  await ctx.close();
  rmSync(fixture, { recursive: true, force: true });
});

describe('the pages without a list', () => {
  it("paint a protected share's code prompt, its taps kept, the app started after the paint", async () => {
    const html = (await ctx.app.inject('/s/demo-private')).body;
    assertPaintedScreen(
      html,
      '<div class="frame"><form class="screen"><input aria-label="Extract code"><button>Extract file</button></form></div>',
      '.frame{color:red}\n.screen{color:blue}',
    );
    // No script is requested with the page: the screen has the link to itself until it is painted.
    assert.ok(!/<link rel=preload[^>]*as=script/.test(html), 'no script before the first paint');
    assert.equal(titleOf(html), 'Enter the extract code');
    // The app starts on the same screen from the answers: the info, no list.
    assert.ok(html.includes(`id="${SHARE_ANSWERS_ELEMENT_ID}"`));
    assert.ok(html.includes('"root_list":null'));
  });

  it('paint the status view of a canceled, expired or deleted share', async () => {
    for (const [code, status] of [
      ['demo-canceled', 2],
      ['demo-expired', 3],
      ['demo-deleted', 4],
    ] as const) {
      const html = (await ctx.app.inject(`/s/${code}`)).body;
      assert.ok(appContainerOf(html).includes(`<h1>status ${status}</h1>`), code);
      assert.equal(titleOf(html), 'Closed', code);
    }
  });

  it('paint the not-found view of a code that names no share, and tell the app so', async () => {
    const html = (await ctx.app.inject('/s/no-such-share')).body;
    assert.ok(appContainerOf(html).includes('<h1>not found: no-such-share</h1>'));
    assert.equal(titleOf(html), 'Page not found &lt;x&gt;');
    assert.ok(
      html.includes(
        `<script type="application/json" id="${SHARE_ANSWERS_ELEMENT_ID}">{"share_code":"no-such-share","not_found":true}</script>`,
      ),
    );
  });

  it("paint the code prompt on a protected share's folder link too (it opens on the prompt)", async () => {
    const html = (await ctx.app.inject('/s/demo-private?folder=5')).body;
    assert.ok(appContainerOf(html).includes('Extract file'));
  });

  it("leave a public share's sorted list and the other pages to the app", async () => {
    for (const url of ['/s/demo-public?sort=size', '/invite', '/']) {
      const html = (await ctx.app.inject(url)).body;
      assert.ok(html.includes('<div id=app></div>'), url);
      assert.ok(!html.includes('data-first-screen'), url);
      assert.equal(titleOf(html), 'Nimbus', url);
    }
  });
});
