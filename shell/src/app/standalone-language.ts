import {
  chooseSiteLanguage,
  directionOf,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  type SiteLanguage,
} from 'shared-contracts';

/** What a standalone page's language is read from: its address, its cookies, the browser. */
export interface LanguageWindow {
  document: Pick<Document, 'documentElement' | 'cookie'>;
  location: Pick<Location, 'search'>;
  navigator: Pick<Navigator, 'language' | 'languages'>;
}

/** A cookie's value in `document.cookie`; null when there is none (or it does not decode). */
export function cookieValue(cookies: string, name: string): string | null {
  for (const pair of cookies.split(';')) {
    const [key = '', ...value] = pair.split('=');
    if (key.trim() !== name) continue;
    try {
      return decodeURIComponent(value.join('=').trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The language of a remote's standalone page (its own dev server, which no product server
 * paints): chosen as the server would (`?lang=`, the saved choice, the browser's languages, then
 * English), and given to the page as its `lang` and `dir`, where the shell reads it
 * (lib/i18n/page-language.ts) and an Arabic or Hebrew page lays out right to left.
 */
export function chooseStandaloneLanguage(win: LanguageWindow = window): SiteLanguage {
  const browserLanguages =
    win.navigator.languages.length > 0 ? win.navigator.languages : [win.navigator.language];
  const language = chooseSiteLanguage({
    query: new URLSearchParams(win.location.search).get(LANGUAGE_PARAM),
    cookie: cookieValue(win.document.cookie, LANGUAGE_COOKIE),
    acceptLanguage: browserLanguages.join(','),
  });
  win.document.documentElement.lang = language;
  win.document.documentElement.dir = directionOf(language);
  return language;
}
