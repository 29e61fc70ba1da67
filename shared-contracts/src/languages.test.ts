import {
  chooseSiteLanguage,
  directionOf,
  LANGUAGE_NAMES,
  SITE_LANGUAGES,
  siteLanguageOf,
  siteLanguageOfAcceptLanguage,
} from './languages';

describe('the site languages', () => {
  it('names each language in itself, and writes Arabic and Hebrew right to left', () => {
    expect(Object.keys(LANGUAGE_NAMES)).toEqual([...SITE_LANGUAGES]);
    expect(LANGUAGE_NAMES.ar).toBe('العربية');
    expect(SITE_LANGUAGES.filter((language) => directionOf(language) === 'rtl')).toEqual([
      'ar',
      'he',
    ]);
  });

  it.each([
    ['en', 'en'],
    ['en-GB', 'en'],
    ['EN_us', 'en'],
    ['zh', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh-Hans-CN', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-MO', 'zh-Hant'],
    ['zh-Hant', 'zh-Hant'],
    ['zh-Hant-SG', 'zh-Hant'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['es-419', 'es'],
    ['fr-CA', 'fr'],
    ['iw', 'he'],
    ['in', 'id'],
    ['ar-EG', 'ar'],
  ])('reads %s as %s', (tag, language) => {
    expect(siteLanguageOf(tag)).toBe(language);
  });

  it.each(['', '*', 'x-klingon', 'nl', 'sw-KE', 'zhCHS', 'en;q=1', '<script>'])(
    'speaks no %j',
    (tag) => {
      expect(siteLanguageOf(tag)).toBeNull();
    },
  );

  it("takes Accept-Language's best spoken language by quality, in order when equal", () => {
    expect(siteLanguageOfAcceptLanguage('nl-NL,nl;q=0.9,de;q=0.8,en;q=0.7')).toBe('de');
    expect(siteLanguageOfAcceptLanguage('en;q=0.5, ja')).toBe('ja');
    expect(siteLanguageOfAcceptLanguage('fr, es')).toBe('fr');
    expect(siteLanguageOfAcceptLanguage('ar;q=0, he')).toBe('he');
    expect(siteLanguageOfAcceptLanguage('nl, sv')).toBeNull();
    expect(siteLanguageOfAcceptLanguage(undefined)).toBeNull();
  });

  it('chooses a link’s language, then the saved choice, then the browser’s, then English', () => {
    const accept = 'ja,en;q=0.8';
    expect(chooseSiteLanguage({ query: 'ar', cookie: 'ko', acceptLanguage: accept })).toBe('ar');
    expect(chooseSiteLanguage({ query: 'nope', cookie: 'ko', acceptLanguage: accept })).toBe('ko');
    expect(chooseSiteLanguage({ cookie: 'xx', acceptLanguage: accept })).toBe('ja');
    expect(chooseSiteLanguage({ acceptLanguage: 'nl' })).toBe('en');
    expect(chooseSiteLanguage({})).toBe('en');
  });
});
