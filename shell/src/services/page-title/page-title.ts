import { directionOf, siteLanguageOf, type PageService } from 'shared-contracts';

/**
 * The document's title and language: the product name and the page's own language, a file name
 * while a preview is open, the invite page's title and language while it shows. A part in another
 * language is laid out in that language's direction (the invite page, in English or Chinese, on
 * a page painted in Arabic), and gives the page its own back.
 */
export function createPageTitle(productName: string, doc: Document = document): PageService {
  doc.title = productName;
  const root = doc.documentElement;
  const pageLanguage = root.lang || 'en';
  const pageDirection = root.dir;
  return {
    setTitle(title) {
      doc.title = title && title.trim() ? title : productName;
    },
    setLanguage(language) {
      const other = language?.trim() ? language : null;
      root.lang = other ?? pageLanguage;
      const direction = other ? directionOf(siteLanguageOf(other) ?? 'en') : pageDirection;
      if (direction) root.dir = direction;
      else root.removeAttribute('dir');
    },
  };
}
