/**
 * The one-bundle build's stand-in for shell/src/lib/remotes/load-remote-module.ts: the same
 * screens, imported as ordinary lazy chunks of one build instead of federated remotes. It exists
 * only to measure what federation costs (`npm run bench`). webpack.config.js swaps it in for every
 * import of the shell's module, whatever the specifier; same-exports.ts keeps the two in step.
 */
import LOCAL_MODULES from 'one-bundle-local-modules';
import type { HostConfig, RemoteModule, RemoteName, RemotePropsByName } from 'shared-contracts';

export class IncompatibleRemoteError extends Error {
  constructor(remote: RemoteName, version: unknown) {
    super(`Remote "${remote}" was built for contract ${String(version)}, not this shell's.`);
    this.name = 'IncompatibleRemoteError';
  }
}

export function registerConfiguredRemotes(_config: HostConfig): void {}

export interface LoadRemoteOptions {
  retry?: boolean;
  pause?: () => Promise<void>;
}

/** The chunk's import runs its modules as it resolves, so there is no step to pause between. */
export function loadRemoteModule<Name extends RemoteName>(
  _config: HostConfig,
  remote: Name,
  _options: LoadRemoteOptions = {},
): Promise<RemoteModule<RemotePropsByName[Name]>> {
  return LOCAL_MODULES[remote]();
}
