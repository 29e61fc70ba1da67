import { cookieValue, markPageLanguage, pageLanguage, type LanguageWindow } from './page-language';

/** A page with this `<html lang>`, address query, cookies and browser languages. */
function page({
  lang = '',
  search = '',
  cookie = '',
  languages = ['en-US'],
}: {
  lang?: string;
  search?: string;
  cookie?: string;
  languages?: string[];
}): LanguageWindow {
  const documentElement = document.createElement('html');
  documentElement.lang = lang;
  return {
    document: { documentElement, cookie },
    location: { search },
    navigator: { languages, language: languages[0] ?? '' },
  };
}

describe("the page's language", () => {
  it('is the one the server painted the page in', () => {
    expect(pageLanguage(page({ lang: 'ar', search: '?lang=ja', languages: ['fr'] }))).toBe('ar');
    expect(pageLanguage(page({ lang: 'zh-Hant' }))).toBe('zh-Hant');
  });

  it('on a page the server did not paint: ?lang=, then the saved choice, then the browser', () => {
    const signs = { search: '?lang=ja', cookie: 'a=1; nimbus_lang=ko', languages: ['de-AT'] };
    expect(pageLanguage(page({ lang: 'en-US', ...signs }))).toBe('ja');
    expect(pageLanguage(page({ ...signs, search: '?q=x' }))).toBe('ko');
    expect(pageLanguage(page({ ...signs, search: '', cookie: '' }))).toBe('de');
    // The browser's languages in their order, the first the site speaks.
    expect(pageLanguage(page({ languages: ['nl-NL', 'pt-PT', 'en'] }))).toBe('pt-BR');
    expect(pageLanguage(page({ languages: ['nl-NL'] }))).toBe('en');
  });

  it('reads a cookie among others, and none that is missing or broken', () => {
    expect(cookieValue('x=1; nimbus_lang=he; y=2', 'nimbus_lang')).toBe('he');
    expect(cookieValue('nimbus_lang_old=he', 'nimbus_lang')).toBeNull();
    expect(cookieValue('nimbus_lang=%E0%A4%A', 'nimbus_lang')).toBeNull();
    expect(cookieValue('', 'nimbus_lang')).toBeNull();
  });

  it("gives the page its language's lang and, where it has none, its direction", () => {
    const unpainted = document.createElement('html');
    markPageLanguage(unpainted, 'he');
    expect(unpainted).toHaveAttribute('lang', 'he');
    expect(unpainted).toHaveAttribute('dir', 'rtl');

    const painted = document.createElement('html');
    painted.lang = 'en';
    painted.dir = 'ltr';
    markPageLanguage(painted, 'en');
    expect(painted).toHaveAttribute('dir', 'ltr');

    const english = document.createElement('html');
    markPageLanguage(english, 'en');
    expect(english).toHaveAttribute('dir', 'ltr');
  });
});
