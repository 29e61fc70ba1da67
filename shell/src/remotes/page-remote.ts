import {
  remoteOfPage,
  type RemoteModule,
  type RemoteName,
  type RemotePropsByName,
  type RuntimeConfig,
} from 'shared-contracts';
import { readConfigOrNull } from '../config/runtime-config';
import { loadRemoteModule, registerConfiguredRemotes } from './load-remote-module';

/**
 * The page's remote, loading since the entry chunk ran: for that remote, a function giving its
 * module once the load has finished (null before).
 */
export type PageRemote = {
  [Name in RemoteName]?: () => RemoteModule<RemotePropsByName[Name]> | null;
};

/**
 * Starts loading the page's remote from the entry chunk. Its files are preloaded already
 * (server/src/routes/pages/preload-hints.ts); loading it now runs its entry and chunks while
 * react-dom still downloads, so the first render can show it instead of a loading frame.
 * A failure is left to RemoteView, which asks again and shows its fallback.
 */
export function startPageRemote(
  readConfig: () => RuntimeConfig | null,
  pathname: string,
): PageRemote {
  const config = readConfigOrNull(readConfig);
  if (!config) return {};
  registerConfiguredRemotes(config);
  return remoteOfPage(pathname) === 'invite'
    ? { invite: startLoading(config, 'invite') }
    : { share: startLoading(config, 'share') };
}

function startLoading<Name extends RemoteName>(
  config: RuntimeConfig,
  remote: Name,
): () => RemoteModule<RemotePropsByName[Name]> | null {
  let loaded: RemoteModule<RemotePropsByName[Name]> | null = null;
  loadRemoteModule(config, remote).then(
    (module) => {
      loaded = module;
    },
    () => undefined,
  );
  return () => loaded;
}
