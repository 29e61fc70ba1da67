import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  isCompatibleContract,
  REMOTE_EXPOSES,
  type HostConfig,
  type RemoteModule,
  type RemoteName,
  type RemotePropsByName,
  type SiteLanguage,
} from 'shared-contracts';
import {
  recordFieldError,
  recordRemoteFiles,
  recordRemoteLoad,
} from '../../services/field-data/field-recorder';
import { releaseFor } from './release-track';
import { loadMessages } from '../i18n/load-messages';

export class IncompatibleRemoteError extends Error {
  constructor(remote: RemoteName, version: unknown) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for the field data, not shown
    super(`Remote "${remote}" was built for contract ${String(version)}, not this shell's.`);
    this.name = 'IncompatibleRemoteError';
  }
}

/**
 * Registers every remote of the runtime configuration (manifest URLs are not in the build): the
 * release this visitor gets, stable or a canary (release-track.ts).
 */
export function registerConfiguredRemotes(config: HostConfig): void {
  registerRemotes(
    Object.values(config.remotes).map((remote) => ({
      name: remote.name,
      entry: releaseFor(remote).manifestUrl,
    })),
  );
}

/** What the federation runtime gives for an exposed module when asked for its factory. */
type RemoteFactory<Name extends RemoteName> = () =>
  RemoteModule<RemotePropsByName[Name]> | Promise<RemoteModule<RemotePropsByName[Name]>>;

/** How a remote's module is loaded. */
export interface LoadRemoteOptions {
  /** The page's language: the module prepares its texts in it before it is handed over. */
  language: SiteLanguage;
  /** Re-register the remote first, so a manifest that failed before is fetched again. */
  retry?: boolean;
  /** Comes between loading the remote's files and running its module (`StartUp.pause`). */
  pause?: () => Promise<void>;
}

/**
 * Loads a remote's exposed module, checks the contract version it was built with and waits for
 * its `prepare` (its texts in the page's language): the module it resolves with renders at once.
 * A prepare that fails fails the load, as a file that does not come would.
 */
export async function loadRemoteModule<Name extends RemoteName>(
  config: HostConfig,
  remote: Name,
  { language, retry = false, pause }: LoadRemoteOptions,
): Promise<RemoteModule<RemotePropsByName[Name]>> {
  const location = config.remotes[remote];
  const chosen = releaseFor(location);
  if (retry) {
    registerRemotes([{ name: location.name, entry: chosen.manifestUrl }], { force: true });
  }
  recordRemoteFiles(remote, chosen.manifestUrl);
  try {
    const module = await loadExposedModule(location.name, remote, pause);
    await module.prepare?.(language, loadMessages);
    recordRemoteLoad(remote, chosen, module.release);
    return module;
  } catch (error) {
    recordRemoteLoad(remote, chosen, undefined);
    recordFieldError(remote, 'load', error);
    throw error;
  }
}

async function loadExposedModule<Name extends RemoteName>(
  federationName: string,
  remote: Name,
  pause: (() => Promise<void>) | undefined,
): Promise<RemoteModule<RemotePropsByName[Name]>> {
  const id = `${federationName}/${REMOTE_EXPOSES[remote].replace('./', '')}`;
  // The factory, not the module: running the remote's modules is a step of its own.
  const factory = await loadRemote<RemoteFactory<Name>>(id, {
    loadFactory: false,
    from: 'runtime',
  });
  if (!factory) throw new Error(`Remote "${remote}" did not load.`);
  await pause?.();
  const module = await factory();
  if (!module) throw new Error(`Remote "${remote}" did not load.`);
  if (!isCompatibleContract(module.contractVersion)) {
    throw new IncompatibleRemoteError(remote, module.contractVersion);
  }
  return module;
}
