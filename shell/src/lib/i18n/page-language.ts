import {
  chooseSiteLanguage,
  directionOf,
  isSiteLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  type SiteLanguage,
} from 'shared-contracts';

/** What the page's language is read from: the page, its address, its cookies, the browser. */
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
 * The page's language (docs/product.md, "Languages"): the one the server painted the page in, as
 * its `<html lang>` says. A page the server did not paint (a development server's) gets the one
 * the server would have chosen: `?lang=`, then the saved choice (the `nimbus_lang` cookie), then
 * the browser's languages, then English.
 */
export function pageLanguage(win: LanguageWindow = window): SiteLanguage {
  const painted = win.document.documentElement.lang;
  if (isSiteLanguage(painted)) return painted;
  const browserLanguages =
    win.navigator.languages.length > 0 ? win.navigator.languages : [win.navigator.language];
  return chooseSiteLanguage({
    query: new URLSearchParams(win.location.search).get(LANGUAGE_PARAM),
    cookie: cookieValue(win.document.cookie, LANGUAGE_COOKIE),
    acceptLanguage: browserLanguages.join(','),
  });
}

/**
 * Gives the page the `lang` and `dir` of its language where the server did not (a page it did
 * not paint): screen readers read the texts in their language, and an Arabic or Hebrew page
 * lays out right to left.
 */
export function markPageLanguage(root: HTMLElement, language: SiteLanguage): void {
  root.lang = language;
  if (!root.dir) root.dir = directionOf(language);
}
