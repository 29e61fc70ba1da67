import {
  type RemoteModule,
  type RemoteName,
  type RemotePropsByName,
  type SiteLanguage,
} from 'shared-contracts';
import { remoteOfPage, type RuntimeConfig } from 'shared-contracts/page';
import { loadRemoteModule, registerConfiguredRemotes } from '../lib/remotes/load-remote-module';
import type { PageRemote } from '../lib/remotes/page-remote';
import { markStartUpStep } from './start-up-tasks';

/**
 * Starts loading the page's remote from the entry chunk. Its files are preloaded already
 * (server/src/page-assembly/preload-hints.ts); loading it now runs its entry and chunks while
 * react-dom still downloads, so the first render can show it instead of a loading frame; it is
 * handed over once its `prepare` has loaded its texts in the page's `language`. A failure (of its
 * files or of its prepare) is left to RemoteView, which asks again and shows its fallback.
 * `pause` comes between registering the remotes and loading (`StartUp.pause`).
 */
export function startPageRemote(
  config: RuntimeConfig | null,
  language: SiteLanguage,
  pathname: string,
  pause: () => Promise<void> = () => Promise.resolve(),
): PageRemote {
  if (!config) return { loaded: {}, settled: Promise.resolve() };
  registerConfiguredRemotes(config);
  const load: PageLoad = { config, language, pause };
  return remoteOfPage(pathname) === 'invite'
    ? startLoading(load, 'invite', (invite) => ({ invite }))
    : startLoading(load, 'share', (share) => ({ share }));
}

/** What the page's remote is loaded with. */
interface PageLoad {
  config: RuntimeConfig;
  language: SiteLanguage;
  pause: () => Promise<void>;
}

/** How long the first paint waits for the page's remote, whose files were requested with the page. */
const PAGE_REMOTE_WAIT_MS = 1000;
/** The API client's timeout: how long anything on the page may keep the visitor waiting. */
const PAGE_REMOTE_WAIT_OVER_FIRST_SCREEN_MS = 10_000;

/**
 * How long the app's first render waits for the page's remote. Over an empty page, a second at
 * most: then the frame shows and the remote's place fills when it comes. Over the first screen
 * the server rendered, until the remote is there (10 s at most): rendering before would swap the
 * visible list for an empty frame.
 */
export function pageRemoteWaitMs(overFirstScreen: boolean): number {
  return overFirstScreen ? PAGE_REMOTE_WAIT_OVER_FIRST_SCREEN_MS : PAGE_REMOTE_WAIT_MS;
}

/**
 * Waits until the page's remote has loaded (or failed), `maxMs` at most: the app's first paint
 * then shows the remote instead of an empty frame that a second paint fills a moment later.
 */
export function untilPageRemoteSettles(pageRemote: PageRemote, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    void pageRemote.settled.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function startLoading<Name extends RemoteName>(
  { config, language, pause }: PageLoad,
  remote: Name,
  keyed: (get: () => RemoteModule<RemotePropsByName[Name]> | null) => PageRemote['loaded'],
): PageRemote {
  let module: RemoteModule<RemotePropsByName[Name]> | null = null;
  // After the registration and a pause (start-up-tasks.ts): each is a good part of the runtime's
  // start-up work.
  const settled = pause()
    .then(() => {
      markStartUpStep('load-remote');
      return loadRemoteModule(config, remote, {
        language,
        pause: () => pause().then(() => markStartUpStep('remote-module')),
      });
    })
    .then(
      (loaded) => {
        module = loaded;
      },
      () => undefined,
    );
  return { loaded: keyed(() => module), settled };
}
