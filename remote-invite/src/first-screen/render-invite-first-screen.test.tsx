/**
 * @jest-environment node
 */
import type { InviteScreenInput } from 'shared-contracts';
import { TEST_CONFIG } from 'shared-contracts/testing';
import { assetFolderOf, renderInviteScreen } from './render-invite-first-screen';

// The server renders this with no window and no document: the test runs where there are none.
function render(search: string, browserLanguage: string | null = 'en-US') {
  const input: InviteScreenInput = {
    config: { ...TEST_CONFIG, productName: 'Cirrus' },
    platform: 'android',
    language: 'en',
    search,
    browserLanguage,
  };
  return renderInviteScreen(input);
}

describe("the server's render of the invite page", () => {
  it('is the card in English with its steps and a disabled join button', () => {
    const screen = render('');
    expect(screen?.lang).toBe('en');
    expect(screen?.title).toBe('Join the Cirrus community and claim your Premium reward');
    // React hoists a preload of the background image before it (the browser acts on it at once).
    expect(screen?.html).toMatch(
      /^<link rel="preload" as="image" [^>]*\/><main class="invite" lang="en" data-language="en">/,
    );
    expect(screen?.html).toMatch(
      /<h1 id="[^"]+" class="invite-card__title">Join the Cirrus community and claim your Premium reward<\/h1>/,
    );
    expect(screen?.html).toContain('<ol class="invite-steps" aria-label="How to claim">');
    expect(screen?.html.match(/<li class="invite-steps__item">/g)).toHaveLength(3);
    // No app user before the app has run: the app's first render disables it too.
    expect(screen?.html).toMatch(/<button type="button" class="invite-card__join"[^>]*disabled=""/);
    expect(screen?.html).not.toContain('role="alert"');
  });

  it.each([
    ['?lang=zh', 'zh', 'zh-Hans', '加入 Cirrus 社区，领取高级会员奖励'],
    ['?lang=zhCHS', 'zhCHS', 'zh-Hant', '加入 Cirrus 社群，領取進階會員獎勵'],
    ['?state=lang%3DzhCHS%26n%3D1&lang=en', 'zhCHS', 'zh-Hant', '加入 Cirrus 社群'],
    ['?state=opaque&lang=zh', 'zh', 'zh-Hans', '加入 Cirrus 社区'],
  ])('reads the language of %s from the address', (search, language, lang, title) => {
    const screen = render(search, 'en-US');
    expect(screen?.lang).toBe(lang);
    expect(screen?.title).toContain(title);
    expect(screen?.html).toContain(`data-language="${language}"`);
  });

  it.each([
    ['zh-TW', 'zhCHS'],
    ['zh-CN', 'zh'],
    ['fr-FR', 'en'],
  ])('maps the browser language %s as the page does', (browserLanguage, language) => {
    expect(render('', browserLanguage)?.html).toContain(`data-language="${language}"`);
  });

  it('paints nothing where the server cannot know the first render', () => {
    // Back from the community: processing, or a failure flag in the tab's session storage.
    expect(render('?code=c&state=lang%3Dzh')).toBeNull();
    // The browser's language decides and the request named none.
    expect(render('', null)).toBeNull();
    expect(render('?lang=fr', null)).toBeNull();
    // The address decides: the browser's language does not matter.
    expect(render('?lang=zh', null)?.lang).toBe('zh-Hans');
  });

  it("writes the images' addresses in the remote's folder", () => {
    expect(assetFolderOf('/remotes/invite/mf-manifest.json')).toBe('/remotes/invite/');
    expect(assetFolderOf('https://cdn.example/invite/1.2/mf-manifest.json')).toBe(
      'https://cdn.example/invite/1.2/',
    );
  });
});
