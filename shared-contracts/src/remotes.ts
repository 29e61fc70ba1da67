import type { ComponentType, ReactNode } from 'react';
import type { SiteLanguage } from './languages';
import type { FolderPathEntry, SharedItem, ShareInfo } from './entities';
import type { HostServices } from './host-services';
import type { MessagesLoader } from './messages-files';

/**
 * A share page's first answers, requested by the shell as the page starts, in parallel with
 * loading remote-share rather than after it. Only successful answers are handed over: after any
 * failure the viewer asks again itself, so its errors show as usual.
 */
export interface PrefetchedShare {
  /**
   * `/share/info` of the page's URL; 'timeout' when no answer came within the API's time limit
   * (asking again would double the wait), null after any other failure.
   */
  info: Promise<ShareInfo | 'timeout' | null>;
  /** `/share/detail` of the root of an open public share; null for any other share or a failure. */
  rootList: Promise<SharedItem[] | null>;
}

export interface SharePrefetch {
  /** The answers requested for this page URL, handed out once; null when there are none. */
  take(shareUrl: string): PrefetchedShare | null;
  /**
   * The share's info and root list when the page carried them already (contract 1.2), so the
   * viewer's first render shows the list; null otherwise, and once `take` has handed them out.
   */
  firstScreen?(shareUrl: string): {
    info: ShareInfo;
    rootList: SharedItem[];
    /** The listed folder's path when it is not the root (contract 2.1): `rootList` is its list. */
    folderPath?: FolderPathEntry[];
  } | null;
  /**
   * What the page said of a share it carries no list for (contract 1.9): its info (a protected
   * share's code screen, a closed share's status), or 'not-found' for a code that names no share;
   * null when it said nothing, and once `take` has handed the answers out. The server painted
   * that screen: the viewer's first render shows it too, rather than a blank page first.
   */
  pageInfo?(shareUrl: string): ShareInfo | 'not-found' | null;
}

/** Props of remote-share's exposed viewer. */
export interface ShareViewerProps {
  host: HostServices;
  /** 'not-found' renders the not-found status view (route `/404` and unknown routes). */
  view: 'share' | 'not-found';
  /** The share code of `/s/{code}`; null on `/`, where the viewer reads the share url. */
  shareCode: string | null;
  /** Answers the shell requested while the viewer loaded (added in contract 1.1). */
  sharePrefetch?: SharePrefetch;
  /**
   * The extract code the share's link carried (`?pwd=`), which the shell has taken out of the
   * address: the viewer fills it in and tries it once, as if pasted (added in contract 1.8).
   */
  extractCode?: string;
}

/** Props of remote-payments' exposed upgrade sheet. */
export interface UpgradeSheetProps {
  host: HostServices;
  open: boolean;
  onClose(): void;
}

/** Props of remote-invite's exposed page. */
export interface InvitePageProps {
  host: HostServices;
}

/** What every exposed module exports: its component and the contract version it was built with. */
export interface RemoteModule<Props> {
  default: ComponentType<Props>;
  contractVersion: string;
  /** The remote's release, for field data per release (added in contract 1.7). */
  release?: string;
  /**
   * What the remote loads before the shell's first render of it: its texts in the page's
   * language (`HostServices.language`), which does not change while the page lives. The shell
   * awaits it; a remote without one renders at once (added in contract 2.0).
   */
  prepare?(language: SiteLanguage): Promise<void>;
  /**
   * Since contract 2.1 the shell also hands `prepare` its loader of compiled catalog files: a
   * remote's texts in a language are a file beside its scripts (`messagesFilePath`), which the
   * page carries when the server serves the remote. A remote built for 2.1 needs it (a 2.0 shell
   * refuses such a remote: `isCompatibleContract`).
   */
  // eslint-disable-next-line @typescript-eslint/unified-signatures -- 2.0's signature stays as it was: the contract's report only gains lines within a major
  prepare?(language: SiteLanguage, loadMessages: MessagesLoader): Promise<void>;
}

/** The remotes by their name in the contract (a new remote is added here and in its props). */
export type RemoteName = 'share' | 'payments' | 'invite';

export interface RemotePropsByName {
  share: ShareViewerProps;
  payments: UpgradeSheetProps;
  invite: InvitePageProps;
}

/** The module each remote exposes (the key of `exposes` in its federation config). */
export const REMOTE_EXPOSES: Record<RemoteName, string> = {
  share: './ShareViewer',
  payments: './UpgradeSheet',
  invite: './InvitePage',
};

/** The federation name each remote is built with. */
export const REMOTE_FEDERATION_NAMES: Record<RemoteName, string> = {
  share: 'remote_share',
  payments: 'remote_payments',
  invite: 'remote_invite',
};

/**
 * The shell also exposes its host services, so a remote can run standalone for its developers
 * (`npm run dev -w remote-...`) with the very same HostServices the product gives it.
 */
export interface StandaloneHostProps {
  children(host: HostServices): ReactNode;
}

export interface StandaloneHostModule {
  default: ComponentType<StandaloneHostProps>;
  contractVersion: string;
}

export const SHELL_FEDERATION_NAME = 'shell';
export const SHELL_STANDALONE_HOST_EXPOSE = './StandaloneHost';
