import { DEFAULT_LANGUAGE, isSiteLanguage, type SiteLanguage } from 'shared-contracts';

/**
 * The page's language (docs/product.md, "Languages"): the one the server chose and painted the
 * page in, as its `<html lang>` says. The choice itself (`?lang=`, the saved choice, the browser's
 * languages) is the server's, so the start-up carries no language negotiation of its own; a page
 * the server did not paint is English, the build's `<html lang>`.
 */
export function pageLanguage(
  root: Pick<HTMLElement, 'lang'> = document.documentElement,
): SiteLanguage {
  return isSiteLanguage(root.lang) ? root.lang : DEFAULT_LANGUAGE;
}
