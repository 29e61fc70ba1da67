import { translatorOf, type Messages, type SiteLanguage, type Translate } from 'shared-contracts';
import type english from '../../locales/en.json';
import { messages as en } from '../../locales/en';
import { loadShellMessages } from './load-shell-messages';

/**
 * The ids of the shell's texts (the page frame, the home page, the login sheet, the download-app
 * dialog, a remote that failed, toasts, accessible names): the keys of its English catalog
 * (src/locales/en.json).
 */
export type ShellTextId = keyof typeof english;

/**
 * The languages whose texts are loaded: English comes with the start-up, the page's other
 * language in a small file of its own before the first render (bootstrap.tsx).
 */
const prepared = new Map<SiteLanguage, Translate<ShellTextId>>([['en', translatorOf('en', en)]]);

/** Makes a language's compiled catalog the shell's texts in that language. */
export function provideShellTexts(language: SiteLanguage, messages: Messages): void {
  prepared.set(language, translatorOf(language, messages));
}

/** Loads the shell's texts in a language, once (a standalone page's host, tests). */
export async function prepareShellTexts(language: SiteLanguage): Promise<void> {
  if (prepared.has(language)) return;
  const messages = await loadShellMessages(language);
  if (messages) provideShellTexts(language, messages);
}

/** The shell's texts in a language: English until that language's are provided. */
export function shellTexts(language: SiteLanguage): Translate<ShellTextId> {
  return prepared.get(language) ?? (prepared.get('en') as Translate<ShellTextId>);
}
