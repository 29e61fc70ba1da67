import type { Messages } from '../messages';
import type { FolderPathEntry, SharedItem, ShareInfo } from '../entities';
import type { FirstScreenInput } from '../first-screen-renderers';
import type { RemoteName } from '../remotes';

/**
 * The remote a page shows (the shell's routes): the invite page, or the share viewer on every
 * other page. The server preloads that remote's files; the shell's entry chunk starts loading it.
 */
export function remoteOfPage(pathname: string): RemoteName {
  return /^\/invite\/?$/.test(pathname) ? 'invite' : 'share';
}

/**
 * A share page's first answers, written by the server into the page it serves, so the app has
 * them as it starts instead of asking for them over the network.
 */
export interface ShareAnswersInPage {
  /** The share code of the page they were written for. */
  share_code: string;
  /** What `/share/info` answers for that page. */
  info: ShareInfo;
  /**
   * What `/share/detail` answers for the root of an open public share; null for any other share,
   * and for a root too long to write into the page (the app asks for it).
   */
  root_list: SharedItem[] | null;
  /**
   * When the page's address names a folder of the share (`?folder=`, contract 2.1): the folders
   * from the root (excluded) down to it, and `root_list` is that folder's list, not the root's.
   * Absent for the root.
   */
  folder_path?: FolderPathEntry[];
}

/**
 * What the server writes, in the same element, into the page of a share code that names no
 * share (contract 1.9): the viewer starts on its not-found view, which the page painted.
 */
export interface ShareNotFoundInPage {
  share_code: string;
  not_found: true;
}

/** The id of the script element of type application/json that carries `ShareAnswersInPage`. */
export const SHARE_ANSWERS_ELEMENT_ID = 'share-answers';

/**
 * The id of the `<template>` a page with a first screen carries after it: the CSS of the app's
 * start-up chunks (the shell's and its remote's, each a `<style data-href>` named as webpack's
 * CSS-loading runtime names the file), inert until the shell moves it into the head as it starts
 * (contract 1.11). The first paint never waits for it, and no start-up chunk fetches its CSS.
 */
export const START_UP_CSS_ELEMENT_ID = 'start-up-css';

/**
 * The id of the script element of type application/json that carries the `mf-manifest.json` of
 * the remote a page starts with (contract 1.12), keyed by the manifest's URL as the runtime
 * configuration names it. The shell's federation runtime reads the manifest there instead of
 * fetching it: one request fewer while the page starts. The server writes it only for a remote it
 * serves itself and that runs no canary, as it hints that remote's files.
 */
export const REMOTE_MANIFESTS_ELEMENT_ID = 'remote-manifests';

/** What `REMOTE_MANIFESTS_ELEMENT_ID` carries: each manifest's JSON by its URL. */
export type RemoteManifestsInPage = Record<string, unknown>;

/** The most root items the server writes into a page (about 400 bytes each). */
export const SHARE_ANSWERS_MAX_ITEMS = 200;

/**
 * The attribute of the element that holds the first screen the server rendered into a share
 * page. The file list paints from the page's HTML before any script has run; the app's first
 * render replaces it (React empties the container). Until then a tap on it is kept and carried
 * out by the app (`first-screen-taps.ts`).
 */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

/**
 * The shell's server-side renderer (its `dist-first-screen/first-screen.js`): the page's frame
 * (top bar, footer) around `content`, the HTML of the page's remote.
 */
export interface PageFrameRenderer {
  renderPageFrame(input: FirstScreenInput & { content: string }): string;
}

/**
 * The same build's renderer of the home page (contract 2.1, issue 49): the frame around the home
 * page's card, as the app's first render of `/` shows it, in the page's language.
 */
export interface HomeScreenRenderer {
  renderHomeScreen(input: FirstScreenInput): string;
}

/** The home page's paths (the shell's routes): `/`, and `/index.html`, which is the same page. */
export const isHomePagePath = (pathname: string) => pathname === '/' || pathname === '/index.html';

/**
 * The id of the script element of type application/json that carries the compiled catalogs of
 * the page's language (contract 2.1) for the apps it starts with (the shell's and its remote's
 * files, `messagesFilePath`), keyed by each file's path on this site. An app looks there before
 * it fetches the file: the page arrives in its language with nothing more to wait for. English
 * pages carry none (English is in the scripts).
 */
export const PAGE_MESSAGES_ELEMENT_ID = 'page-messages';

/** What `PAGE_MESSAGES_ELEMENT_ID` carries: each catalog file's JSON by its path on the site. */
export type PageMessagesInPage = Record<string, Messages>;
