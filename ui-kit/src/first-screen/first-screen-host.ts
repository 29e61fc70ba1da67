import { proxy } from 'valtio';
import type { FirstScreenInput, HostServices, SessionState } from 'shared-contracts';

/** A server render runs no effects and no event handlers: none of these is ever called. */
const nothing = () => undefined;
const notOnTheServer = () => Promise.reject(new Error('not available in a server render'));

/**
 * The host services a remote's server render reads (its `dist-first-screen/` build: the share
 * viewer's first screen, the invite page): the configuration, the platform and language of the
 * request, and an anonymous visitor (the server knows no login: the app's first render shows the
 * logged-in variant). Shared by the remotes so each renders against the same stand-in host.
 */
export function firstScreenHost(
  { config, platform, language }: FirstScreenInput,
  /** The page address's query the render is for (`?folder=7`: a folder's list); none: ''. */
  query = '',
): HostServices {
  return {
    config,
    language,
    platform: proxy({ platform }),
    session: {
      state: proxy<SessionState>({ token: '', user: null, defaultFolder: null, products: [] }),
      refresh: () => Promise.resolve(),
      clear: nothing,
    },
    api: { call: notOnTheServer },
    toast: { show: nothing, loading: nothing, hide: nothing },
    login: { open: () => Promise.resolve(null), close: nothing },
    deepLink: { open: nothing, urlOf: () => '' },
    downloadDialog: { open: nothing },
    upgradeSheet: { open: nothing },
    events: { report: nothing },
    appBridge: {
      getUserInfo: notOnTheServer,
      postEvent: notOnTheServer,
      onCommunityActSuccess: notOnTheServer,
    },
    page: { setTitle: nothing, setLanguage: nothing },
    // The invite page reads its query itself; a share's folder page is rendered for its folder.
    address: { query: () => query, push: nothing, replace: nothing, onPop: () => nothing },
  };
}
