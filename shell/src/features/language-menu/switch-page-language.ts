import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_PARAM,
  type SiteLanguage,
} from 'shared-contracts';

/** What choosing a language changes: the page's cookies and its address. */
export interface LanguageSwitchWindow {
  document: Pick<Document, 'cookie'>;
  location: Pick<Location, 'href' | 'protocol' | 'replace' | 'reload'>;
}

/**
 * Keeps the visitor's choice for the whole site, for a year (the `nimbus_lang` cookie, which the
 * server and the edge read), and loads the page again without `?lang=`, which would outweigh the
 * choice: the server paints it in the chosen language. The page's language never changes in
 * place (HostServices.language).
 */
export function switchPageLanguage(
  language: SiteLanguage,
  win: LanguageSwitchWindow = window,
): void {
  const attributes = [
    `${LANGUAGE_COOKIE}=${language}`,
    'path=/',
    `max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}`,
    'samesite=lax',
    // Over https only where the page is: a development server on http keeps it too.
    ...(win.location.protocol === 'https:' ? ['secure'] : []),
  ];
  win.document.cookie = attributes.join(';');
  const address = new URL(win.location.href);
  if (!address.searchParams.has(LANGUAGE_PARAM)) {
    win.location.reload();
    return;
  }
  address.searchParams.delete(LANGUAGE_PARAM);
  win.location.replace(address.href);
}
