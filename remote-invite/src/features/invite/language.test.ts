import {
  htmlLang,
  inviteLanguageOfAddress,
  languageFromState,
  resolveInviteLanguage,
} from './language';

describe('languageFromState', () => {
  it.each([
    ['lang=zh&x=y', 'zh'],
    ['lang=zhCHS', 'zhCHS'],
    ['lang=en&nonce=1', 'en'],
    ['lang%3Dzh%26nonce%3D1', 'zh'],
    ['lang%253DzhCHS%2526n%253D1', 'zhCHS'],
    ['abc.lang=zhCHS', 'zhCHS'],
    ['nonce=1&lang=zh', 'zh'],
  ])('reads %s as %s', (state, expected) => {
    expect(languageFromState(state)).toBe(expected);
  });

  it.each(['lang=fr', 'slang=zh', 'lang=zhx', 'nonce', '%E0%A4%A', ''])('ignores %s', (state) => {
    expect(languageFromState(state)).toBeNull();
  });

  it('reads the addon_state inside a signed state token', () => {
    const body = Buffer.from(
      JSON.stringify({ r: 'http://localhost/invite', a: 'lang=zhCHS', n: 'x', exp: 1 }),
    ).toString('base64url');
    expect(languageFromState(`${body}.c2lnbmF0dXJl`)).toBe('zhCHS');
    const chinese = Buffer.from(JSON.stringify({ a: 'lang=zh', note: '加入' })).toString(
      'base64url',
    );
    expect(languageFromState(`${chinese}.sig`)).toBe('zh');
    const without = Buffer.from(JSON.stringify({ a: 'x=1' })).toString('base64url');
    expect(languageFromState(`${without}.sig`)).toBeNull();
    expect(languageFromState('bm90IGpzb24.sig')).toBeNull();
  });

  it('ignores a missing state', () => {
    expect(languageFromState(null)).toBeNull();
  });
});

describe('resolveInviteLanguage', () => {
  it('prefers the language in the state parameter', () => {
    expect(resolveInviteLanguage('?code=c&state=lang%3DzhCHS%26n%3D1&lang=en', 'en-US')).toBe(
      'zhCHS',
    );
  });

  it('reads a state value encoded once more than the query', () => {
    expect(resolveInviteLanguage('?code=c&state=lang%253Dzh%2526n%253D1', 'en-US')).toBe('zh');
  });

  it('falls back to the lang parameter', () => {
    expect(resolveInviteLanguage('?state=opaque&lang=zh', 'en-US')).toBe('zh');
    expect(resolveInviteLanguage('?lang=zhCHS', 'en-US')).toBe('zhCHS');
  });

  it('ignores languages other than en, zh and zhCHS', () => {
    expect(resolveInviteLanguage('?lang=fr', 'zh-TW')).toBe('zhCHS');
    expect(resolveInviteLanguage('?lang=ZH', 'en-GB')).toBe('en');
  });

  it.each([
    ['zh-CN', 'zh'],
    ['zh-SG', 'zh'],
    ['zh', 'zh'],
    ['zh-TW', 'zhCHS'],
    ['zh-HK', 'zhCHS'],
    ['zh-MO', 'zhCHS'],
    ['en-US', 'en'],
    ['fr-FR', 'en'],
    [undefined, 'en'],
  ])('maps the browser language %s to %s', (locale, expected) => {
    expect(resolveInviteLanguage('', locale)).toBe(expected);
  });

  it('tags the page with the right BCP 47 language', () => {
    expect(htmlLang('en')).toBe('en');
    expect(htmlLang('zh')).toBe('zh-Hans');
    expect(htmlLang('zhCHS')).toBe('zh-Hant');
  });
});

describe('inviteLanguageOfAddress', () => {
  it('is the language the address gives, null when the browser language decides', () => {
    expect(inviteLanguageOfAddress('?state=lang%3Dzh&lang=en')).toBe('zh');
    expect(inviteLanguageOfAddress('?lang=zhCHS')).toBe('zhCHS');
    expect(inviteLanguageOfAddress('?lang=fr')).toBeNull();
    expect(inviteLanguageOfAddress('')).toBeNull();
  });
});
