import {
  messagesFilePath,
  translatorOf,
  type MessagesLoader,
  type SiteLanguage,
  type Translate,
} from 'shared-contracts';
import type english from '../../locales/en.json';
import { messages as en } from '../../locales/en';

declare const __webpack_public_path__: string;

/** The ids of the upgrade sheet's texts: the keys of its English catalog (src/locales/en.json). */
export type TextKey = keyof typeof english;

/**
 * The languages whose texts are loaded: English comes with the sheet's own files, another
 * language in a file of its own (`prepareTexts`), fetched once.
 */
const prepared = new Map<SiteLanguage, Translate<TextKey>>([['en', translatorOf('en', en)]]);

/**
 * Loads the sheet's texts in the page's language (the module's `prepare`, before it renders): its
 * file beside the sheet's scripts (`messagesFilePath`), through the shell's `loadMessages`.
 */
export async function prepareTexts(
  language: SiteLanguage,
  loadMessages: MessagesLoader,
): Promise<void> {
  if (prepared.has(language)) return;
  const file = messagesFilePath(language, process.env.MESSAGES_VERSION ?? '');
  const messages = await loadMessages(new URL(file, __webpack_public_path__).href);
  prepared.set(language, translatorOf(language, messages));
}

/** The sheet's texts in a language: English until that language's are prepared. */
export function textsIn(language: SiteLanguage): Translate<TextKey> {
  return prepared.get(language) ?? (prepared.get('en') as Translate<TextKey>);
}
