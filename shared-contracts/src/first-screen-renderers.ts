import type { HostConfig } from './config';
import type { FolderPathEntry, SharedItem, ShareInfo } from './entities';
import type { SiteLanguage } from './languages';
import type { Platform } from './platform';
import type { ShareView } from './share-view';

/**
 * The server-side renderers the remotes build (their `dist-first-screen/first-screen.js`): the
 * server paints a page's first screen with them before any script has run, and the app's first
 * render shows the same markup.
 */

/** What the server knows when it renders a share page's first screen. */
export interface FirstScreenInput {
  config: HostConfig;
  platform: Platform;
  /** The page's language: the first screen is painted in it. */
  language: SiteLanguage;
}

/**
 * remote-share's server-side renderer (its `dist-first-screen/first-screen.js`): the viewer's
 * HTML for a share whose page carries its root list. `answers` are the page's first answers: the
 * share's code, what `/share/info` answers and what `/share/detail` answers for its root.
 */
export interface ShareFirstScreenRenderer {
  renderShareFirstScreen(
    input: FirstScreenInput & {
      answers: {
        share_code: string;
        info: ShareInfo;
        root_list: SharedItem[];
        /** A folder's list (contract 2.1): its path below the root, `root_list` its items. */
        folder_path?: FolderPathEntry[];
      };
      /** The visitor's view (`VIEW_COOKIE`, contract 2.3); absent from older servers: the list. */
      view?: ShareView;
    },
  ): string;
}

/**
 * remote-share's server-side renderer of a share page it has no list for (contract 1.9; the same
 * `first-screen.js`): the extract-code screen of a protected share, the status view of a closed
 * one, the not-found view when `info` is null. `title` is the document title the viewer gives
 * that screen. Null for a share the viewer would show a list of (it starts loading it).
 */
export interface ShareScreenRenderer {
  renderShareScreen(
    input: FirstScreenInput & { shareCode: string; info: ShareInfo | null },
  ): { html: string; title: string } | null;
}

/**
 * What the server knows when it renders the invite page (contract 1.10): the request's platform
 * and language as for a share page (what the shell's host will say), the page's query as
 * `location.search` has it, and the browser's language as the request's `Accept-Language` names
 * it first (`zh-TW`; null when it names none), which the page reads as `navigator.language`.
 */
export interface InviteScreenInput extends FirstScreenInput {
  search: string;
  browserLanguage: string | null;
}

/**
 * remote-invite's server-side renderer (its `dist-first-screen/first-screen.js`, contract 1.10):
 * the invite page as the app's first render shows it, the document title and the BCP 47 `lang`
 * it gives the page. Null when the server cannot know that first render: a return from the
 * community (its state depends on the tab's session storage), or a language the page reads from
 * the browser when the request names none.
 */
export interface InviteScreenRenderer {
  renderInviteScreen(
    input: InviteScreenInput,
  ): { html: string; title: string; lang: string } | null;
}
