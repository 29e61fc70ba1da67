import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { browserLanguageOf } from '../page-assembly/first-screen';
import {
  afterFileRecheck,
  appContainerOf,
  assertPaintedScreen,
  createTestApp,
  staticRootFixture,
  titleOf,
  type TestContext,
} from './helpers';

// The invite page is painted by remote-invite's server build (InviteScreenRenderer). A small
// CommonJS renderer stands in for it and follows the page's rule (state's lang, else ?lang=, else
// the browser's language; nothing after a return from the community or without a language), so
// these tests see what the server hands it and what it does with the answer; the real renderer
// has its own tests in remote-invite, and e2e/tests/painted-screens.spec.ts holds the app's first
// render to its markup.
const { root: fixture, write } = staticRootFixture('invite-page');

const INVITE = [
  `const TITLES = { en: 'Join <the> community', zh: '加入社区', zhCHS: '加入社群' };`,
  `const TAGS = { en: 'en', zh: 'zh-Hans', zhCHS: 'zh-Hant' };`,
  `const mapLocale = (tag) => /^zh-(tw|hk|mo)/i.test(tag) ? 'zhCHS' : /^zh(-|$)/i.test(tag) ? 'zh' : 'en';`,
  `exports.renderInviteScreen = ({ search, browserLanguage, config, platform }) => {`,
  `  const params = new URLSearchParams(search);`,
  `  if (params.get('code') && params.get('state')) return null;`,
  `  const fromState = /lang=(zhCHS|zh|en)\\b/.exec(params.get('state') || '');`,
  `  const lang = fromState ? fromState[1] : ['en', 'zh', 'zhCHS'].includes(params.get('lang')) ? params.get('lang') : null;`,
  `  if (!lang && browserLanguage === null) return null;`,
  `  const language = lang || mapLocale(browserLanguage);`,
  `  return { html: '<main class="invite" data-language="' + language + '" data-platform="' + platform + '">' + config.productName + '</main>', title: TITLES[language], lang: TAGS[language] };`,
  `};`,
].join('\n');

let ctx: TestContext;
before(async () => {
  write(
    'shell/dist/index.html',
    '<!doctype html><html lang=en><head><title>Shell</title><script defer src=/main.0123abcd.js></script></head><body><div id=app></div></body></html>',
  );
  // The shell's first-screen CSS is the painted page's base (its body and fonts); its top bar is
  // not on the invite page, so its rule is not in that page's CSS.
  write('shell/dist-first-screen/first-screen.css', 'body{margin:0}.nb-topbar{height:56px}');
  write('remote-invite/dist-first-screen/first-screen.js', INVITE);
  write('remote-invite/dist-first-screen/first-screen.css', '.invite{color:blue}');
  ctx = await createTestApp({ staticRoot: fixture });
});
after(async () => {
  await ctx.close();
  rmSync(fixture, { recursive: true, force: true });
});

const invitePage = (url: string, acceptLanguage?: string) =>
  ctx.app.inject({
    url,
    headers: {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile',
      ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }),
    },
  });

/** The language the page was painted in (the build's empty container is `<div id=app>`). */
function paintedLanguage(html: string): string | null {
  return /<main class="invite" data-language="([^"]+)"/.exec(appContainerOf(html))?.[1] ?? null;
}

const htmlLang = (html: string) => /<html lang="?([^"\s>]*)/.exec(html)?.[1];

describe('the invite page', () => {
  it('is painted in English: the screen alone, its CSS, the tap keeper, the app after the paint', async () => {
    const response = await invitePage('/invite', 'en-US,en;q=0.9');
    const html = response.body;
    assertPaintedScreen(
      html,
      '<main class="invite" data-language="en" data-platform="android">Nimbus</main>',
      'body{margin:0}\n.invite{color:blue}',
    );
    assert.equal(titleOf(html), 'Join &lt;the&gt; community');
    assert.equal(htmlLang(html), 'en');
    // Never kept by an edge or the browser without asking; painted in the browser's language.
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.match(String(response.headers.vary), /\bAccept-Language\b/);
  });

  it('is painted in the language of ?lang=, before the browser language', async () => {
    for (const [query, language, tag, title] of [
      ['?lang=zh', 'zh', 'zh-Hans', '加入社区'],
      ['?lang=zhCHS', 'zhCHS', 'zh-Hant', '加入社群'],
      ['?lang=en', 'en', 'en', 'Join &lt;the&gt; community'],
    ] as const) {
      const html = (await invitePage(`/invite${query}`, 'fr-FR')).body;
      assert.equal(paintedLanguage(html), language, query);
      assert.equal(htmlLang(html), tag, query);
      assert.equal(titleOf(html), title, query);
    }
  });

  it("gives the page its screen's language and direction, over the visitor's", async () => {
    // An Arabic browser: the site would speak Arabic, the invite page's rule says English.
    const html = (await invitePage('/invite', 'ar-EG,ar;q=0.9')).body;
    assert.equal(paintedLanguage(html), 'en');
    assert.match(html, /<html lang="en" dir="ltr">/);
  });

  it("is painted in the language of the state parameter's lang, before ?lang=", async () => {
    const html = (await invitePage('/invite?state=lang%3DzhCHS%26n%3D1&lang=en', 'en-US')).body;
    assert.equal(paintedLanguage(html), 'zhCHS');
    assert.equal(htmlLang(html), 'zh-Hant');
  });

  it("is painted in the browser's language, Accept-Language's first tag", async () => {
    for (const [acceptLanguage, language] of [
      ['zh-TW,zh;q=0.9,en;q=0.8', 'zhCHS'],
      ['zh-CN', 'zh'],
      ['de-DE,de;q=0.9', 'en'],
    ] as const) {
      const html = (await invitePage('/invite', acceptLanguage)).body;
      assert.equal(paintedLanguage(html), language, acceptLanguage);
    }
  });

  it('paints nothing where the first render is not known: back from the community, no language', async () => {
    // The page is then in the visitor's language (the site's rule), until the app gives it the
    // invite's.
    for (const [url, acceptLanguage, pageLanguage] of [
      ['/invite?code=c&state=lang%3Dzh', 'zh-CN', 'zh-Hans'],
      ['/invite', undefined, 'en'],
      ['/invite', '*', 'en'],
    ] as const) {
      const html = (await invitePage(url, acceptLanguage)).body;
      assert.ok(html.includes('<div id=app></div>'), `${url} ${acceptLanguage}`);
      assert.ok(!html.includes('data-first-screen'), `${url} ${acceptLanguage}`);
      assert.equal(titleOf(html), 'Nimbus');
      assert.equal(htmlLang(html), pageLanguage);
    }
  });

  it('paints nothing without a renderer of remote-invite', async () => {
    rmSync(`${fixture}/remote-invite/dist-first-screen/first-screen.js`);
    await afterFileRecheck();
    try {
      const html = (await invitePage('/invite?lang=zh', 'zh-CN')).body;
      assert.ok(html.includes('<div id=app></div>'), 'the empty container, as built');
      assert.equal(titleOf(html), 'Nimbus');
    } finally {
      write('remote-invite/dist-first-screen/first-screen.js', INVITE);
    }
  });

  it("reads the browser's language from Accept-Language's first tag", () => {
    assert.equal(browserLanguageOf('zh-TW,zh;q=0.9'), 'zh-TW');
    assert.equal(browserLanguageOf(' zh-HK;q=0.8 , en'), 'zh-HK');
    assert.equal(browserLanguageOf(undefined), null);
    assert.equal(browserLanguageOf(''), null);
    assert.equal(browserLanguageOf('*'), null);
  });
});
