import { translatorOf, type Messages, type SiteLanguage, type Translate } from 'shared-contracts';
import type english from '../../locales/en.json';
import { messages as en } from '../../locales/en';

/** The ids of the upgrade sheet's texts: the keys of its English catalog (src/locales/en.json). */
export type TextKey = keyof typeof english;

/**
 * The languages whose texts are loaded: English comes with the sheet's own files, another
 * language in a small file of its own (`prepareTexts`), fetched once.
 */
const prepared = new Map<SiteLanguage, Translate<TextKey>>([['en', translatorOf('en', en)]]);

/** Loads the sheet's texts in the page's language (the module's `prepare`, before it renders). */
export async function prepareTexts(language: SiteLanguage): Promise<void> {
  if (prepared.has(language)) return;
  const catalog: { messages: Messages } = await import(
    /* webpackChunkName: "messages-[request]", webpackInclude: /\.ts$/, webpackExclude: /(en|index)\.ts$/ */
    `../../locales/${language}`
  );
  prepared.set(language, translatorOf(language, catalog.messages));
}

/** The sheet's texts in a language: English until that language's are prepared. */
export function textsIn(language: SiteLanguage): Translate<TextKey> {
  return prepared.get(language) ?? (prepared.get('en') as Translate<TextKey>);
}
