import { messagesFilePath, type Messages, type SiteLanguage } from 'shared-contracts';
import { loadMessages } from './load-messages';

declare const __webpack_public_path__: string;

/**
 * The shell's compiled catalog of the page's language: its file beside the shell's scripts
 * (`messagesFilePath`), which the server writes into the page. Null for English, which comes with
 * the start-up (shell-texts.ts). Apart from shell-texts.ts so the entry chunk can start it
 * (start-up/start-page.ts) without carrying the translator.
 */
export async function loadShellMessages(language: SiteLanguage): Promise<Messages | null> {
  if (language === 'en') return null;
  const file = messagesFilePath(language, process.env.MESSAGES_VERSION ?? '');
  return loadMessages(new URL(file, __webpack_public_path__).href);
}
