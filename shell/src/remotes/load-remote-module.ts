import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  isCompatibleContract,
  REMOTE_EXPOSES,
  type RemoteModule,
  type RemoteName,
  type RemotePropsByName,
  type RuntimeConfig,
} from 'shared-contracts';

export class IncompatibleRemoteError extends Error {
  constructor(remote: RemoteName, version: unknown) {
    super(`Remote "${remote}" was built for contract ${String(version)}, not this shell's.`);
    this.name = 'IncompatibleRemoteError';
  }
}

/** Registers every remote of the runtime configuration (manifest URLs are not in the build). */
export function registerConfiguredRemotes(config: RuntimeConfig): void {
  registerRemotes(
    Object.values(config.remotes).map((remote) => ({
      name: remote.name,
      entry: remote.manifestUrl,
    })),
  );
}

/**
 * Loads a remote's exposed module and checks the contract version it was built with.
 * `retry` re-registers the remote first, so a manifest that failed before is fetched again.
 */
export async function loadRemoteModule<Name extends RemoteName>(
  config: RuntimeConfig,
  remote: Name,
  retry = false,
): Promise<RemoteModule<RemotePropsByName[Name]>> {
  const location = config.remotes[remote];
  if (retry) {
    registerRemotes([{ name: location.name, entry: location.manifestUrl }], { force: true });
  }
  const id = `${location.name}/${REMOTE_EXPOSES[remote].replace('./', '')}`;
  const module = await loadRemote<RemoteModule<RemotePropsByName[Name]>>(id);
  if (!module) throw new Error(`Remote "${remote}" did not load.`);
  if (!isCompatibleContract(module.contractVersion)) {
    throw new IncompatibleRemoteError(remote, module.contractVersion);
  }
  return module;
}
