import { mapLocale, type Language } from 'shared-contracts';

/** The visitor's language from the browser (the locale mapping of docs/product.md, "Languages"). */
export function detectLanguage(nav: Pick<Navigator, 'language'> = navigator): Language {
  return mapLocale(nav.language);
}
