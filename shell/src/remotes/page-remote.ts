import {
  remoteOfPage,
  type RemoteModule,
  type RemoteName,
  type RemotePropsByName,
  type RuntimeConfig,
} from 'shared-contracts';
import { loadRemoteModule, registerConfiguredRemotes } from './load-remote-module';

/** The page's remote, loading since the entry chunk ran. */
export interface PageRemote {
  /** For that remote, a function giving its module once the load has finished (null before). */
  loaded: { [Name in RemoteName]?: () => RemoteModule<RemotePropsByName[Name]> | null };
  /** Settles once the load has finished or failed. */
  settled: Promise<void>;
}

/**
 * Starts loading the page's remote from the entry chunk. Its files are preloaded already
 * (server/src/routes/pages/preload-hints.ts); loading it now runs its entry and chunks while
 * react-dom still downloads, so the first render can show it instead of a loading frame.
 * A failure is left to RemoteView, which asks again and shows its fallback.
 */
export function startPageRemote(config: RuntimeConfig | null, pathname: string): PageRemote {
  if (!config) return { loaded: {}, settled: Promise.resolve() };
  registerConfiguredRemotes(config);
  return remoteOfPage(pathname) === 'invite'
    ? startLoading(config, 'invite', (invite) => ({ invite }))
    : startLoading(config, 'share', (share) => ({ share }));
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
  config: RuntimeConfig,
  remote: Name,
  keyed: (get: () => RemoteModule<RemotePropsByName[Name]> | null) => PageRemote['loaded'],
): PageRemote {
  let module: RemoteModule<RemotePropsByName[Name]> | null = null;
  const settled = loadRemoteModule(config, remote).then(
    (loaded) => {
      module = loaded;
    },
    () => undefined,
  );
  return { loaded: keyed(() => module), settled };
}
