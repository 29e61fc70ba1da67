import type { PageService } from 'shared-contracts';

/**
 * The document's title and language: the product name and the page's own language, a file name
 * while a preview is open, the invite page's title and language while it shows.
 */
export function createPageTitle(productName: string, doc: Document = document): PageService {
  doc.title = productName;
  const pageLanguage = doc.documentElement.lang || 'en';
  return {
    setTitle(title) {
      doc.title = title && title.trim() ? title : productName;
    },
    setLanguage(language) {
      doc.documentElement.lang = language && language.trim() ? language : pageLanguage;
    },
  };
}
