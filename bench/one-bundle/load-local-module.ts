/**
 * The one-bundle build's stand-in for shell/src/remotes/load-remote-module.ts: the same screens,
 * imported as ordinary lazy chunks of one build instead of federated remotes. It exists only to
 * measure what federation costs (`npm run bench`).
 */
import type { RemoteModule, RemoteName, RemotePropsByName, RuntimeConfig } from 'shared-contracts';

const LOCAL_MODULES: {
  [Name in RemoteName]: () => Promise<RemoteModule<RemotePropsByName[Name]>>;
} = {
  share: () => import('../../remote-share/src/app/share-viewer'),
  payments: () => import('../../remote-payments/src/app/upgrade-sheet'),
  invite: () => import('../../remote-invite/src/app/invite-page'),
};

export class IncompatibleRemoteError extends Error {}

export function registerConfiguredRemotes(_config: RuntimeConfig): void {}

export function loadRemoteModule<Name extends RemoteName>(
  _config: RuntimeConfig,
  remote: Name,
): Promise<RemoteModule<RemotePropsByName[Name]>> {
  return LOCAL_MODULES[remote]();
}
