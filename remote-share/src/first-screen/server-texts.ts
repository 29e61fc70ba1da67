import type { SiteLanguage, Translate } from 'shared-contracts';
import { CATALOGS } from '../locales/index';
import { provideTexts, textsIn, type TextKey } from '../lib/texts';

const provided = new Set<SiteLanguage>();

/**
 * Makes the viewer's texts in a page's language ready for the server's render, at once, and
 * returns them: the server's build holds every language's catalog (`src/locales/index.ts`,
 * generated), where the browser loads the page's own before its first render (`prepareTexts`).
 */
export function prepareServerTexts(language: SiteLanguage): Translate<TextKey> {
  const messages = CATALOGS[language];
  if (messages && !provided.has(language)) {
    provideTexts(language, messages);
    provided.add(language);
  }
  return textsIn(language);
}
