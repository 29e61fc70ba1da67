import {
  messagesFilePath,
  translatorOf,
  type Messages,
  type MessagesLoader,
  type SiteLanguage,
  type Translate,
} from 'shared-contracts';
import type english from '../locales/en.json';
import { messages as en } from '../locales/en';

declare const __webpack_public_path__: string;

/** The ids of the viewer's texts: the keys of its English catalog (src/locales/en.json). */
export type TextKey = keyof typeof english;

/**
 * The languages whose texts are ready: English comes with the viewer's start-up, another language
 * in a file of its own (`prepareTexts`), or all of them at once in the server's render.
 */
const translators = new Map<SiteLanguage, Translate<TextKey>>([['en', translatorOf('en', en)]]);
/** Each language's texts as they load: the same promise for every call. */
const loading = new Map<SiteLanguage, Promise<void>>();

/** Makes a language's texts ready from its compiled catalog (`src/locales/{language}.ts`). */
export function provideTexts(language: SiteLanguage, messages: Messages): void {
  translators.set(language, translatorOf(language, messages));
}

/**
 * Loads the viewer's texts in the page's language (the exposed module's `prepare`, which the
 * shell awaits before its first render of the viewer): its file beside the viewer's scripts
 * (`messagesFilePath`), through the shell's `loadMessages` (the page carries it when the server
 * serves the viewer), once. Every call for a language gets the same promise, so a render may wait
 * on it (`use`).
 */
export function prepareTexts(language: SiteLanguage, loadMessages: MessagesLoader): Promise<void> {
  let ready = loading.get(language);
  if (!ready) {
    ready = translators.has(language) ? Promise.resolve() : loadTexts(language, loadMessages);
    loading.set(language, ready);
  }
  return ready;
}

function loadTexts(language: SiteLanguage, loadMessages: MessagesLoader): Promise<void> {
  const file = messagesFilePath(language, process.env.MESSAGES_VERSION ?? '');
  return loadMessages(new URL(file, __webpack_public_path__).href).then(
    (messages) => provideTexts(language, messages),
    (error: unknown) => {
      // A failed download is tried again by the next call.
      loading.delete(language);
      throw error;
    },
  );
}

/** The viewer's texts in a language: English until that language's are ready. */
export function textsIn(language: SiteLanguage): Translate<TextKey> {
  return translators.get(language) ?? (translators.get('en') as Translate<TextKey>);
}
