import { chooseStandaloneLanguage, cookieValue, type LanguageWindow } from './standalone-language';

/** A standalone page with this address query, cookies and browser languages. */
function page({
  search = '',
  cookie = '',
  languages = ['en-US'],
}: {
  search?: string;
  cookie?: string;
  languages?: string[];
}): LanguageWindow {
  const documentElement = document.createElement('html');
  documentElement.lang = 'en';
  return {
    document: { documentElement, cookie },
    location: { search },
    navigator: { languages, language: languages[0] ?? '' },
  };
}

describe("a standalone page's language", () => {
  it('is ?lang=, then the saved choice, then the browser, as the server would choose', () => {
    const signs = { search: '?lang=ja', cookie: 'a=1; nimbus_lang=ko', languages: ['de-AT'] };
    expect(chooseStandaloneLanguage(page(signs))).toBe('ja');
    expect(chooseStandaloneLanguage(page({ ...signs, search: '?q=x' }))).toBe('ko');
    expect(chooseStandaloneLanguage(page({ ...signs, search: '', cookie: '' }))).toBe('de');
    // The browser's languages in their order, the first the site speaks.
    expect(chooseStandaloneLanguage(page({ languages: ['nl-NL', 'pt-PT', 'en'] }))).toBe('pt-BR');
    expect(chooseStandaloneLanguage(page({ languages: ['nl-NL'] }))).toBe('en');
  });

  it("gives the page its language's lang and direction", () => {
    const hebrew = page({ search: '?lang=he' });
    chooseStandaloneLanguage(hebrew);
    expect(hebrew.document.documentElement).toHaveAttribute('lang', 'he');
    expect(hebrew.document.documentElement).toHaveAttribute('dir', 'rtl');
    const english = page({});
    chooseStandaloneLanguage(english);
    expect(english.document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('reads a cookie among others, and none that is missing or broken', () => {
    expect(cookieValue('x=1; nimbus_lang=he; y=2', 'nimbus_lang')).toBe('he');
    expect(cookieValue('nimbus_lang_old=he', 'nimbus_lang')).toBeNull();
    expect(cookieValue('nimbus_lang=%E0%A4%A', 'nimbus_lang')).toBeNull();
    expect(cookieValue('', 'nimbus_lang')).toBeNull();
  });
});
