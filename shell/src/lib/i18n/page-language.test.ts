import { pageLanguage } from './page-language';

describe("the page's language", () => {
  it('is the one the server painted the page in', () => {
    expect(pageLanguage({ lang: 'ar' })).toBe('ar');
    expect(pageLanguage({ lang: 'zh-Hant' })).toBe('zh-Hant');
  });

  it('is English on a page in no language the site speaks', () => {
    expect(pageLanguage({ lang: '' })).toBe('en');
    expect(pageLanguage({ lang: 'nl' })).toBe('en');
  });
});
