import { mapLocale, type Language } from 'shared-contracts';

/** The visitor's language from the browser (spec section 5's locale mapping). */
export function detectLanguage(nav: Pick<Navigator, 'language'> = navigator): Language {
  return mapLocale(nav.language);
}
