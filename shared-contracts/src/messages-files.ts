import type { Messages } from '@lingui/core';
import type { SiteLanguage } from './languages';

// Apart from messages.ts, which runs @lingui/core: the shell's entry chunk names its file before
// the shared modules it would consume are ready.

/**
 * Where an app's build puts a language's compiled catalog, beside its scripts:
 * `messages/ar.1a2b3c4d.json`. `version` is one hash of all the app's catalogs, which the build
 * gives its code (`process.env.MESSAGES_VERSION`): a release that changes a text changes every
 * name, and a name's file never changes (it is cached for a year). English has no file: its texts
 * are in the app's scripts.
 */
export function messagesFilePath(language: SiteLanguage, version: string): string {
  return `messages/${language}.${version}.json`;
}

/**
 * Loads a compiled catalog file by its full URL (contract 2.1, the second argument of a remote
 * module's `prepare`): the copy the page carries when the server wrote the page language's files
 * into it, else fetched. It rejects when the file does not come, in time, as a catalog.
 */
export type MessagesLoader = (url: string) => Promise<Messages>;
