/**
 * The one-bundle build's stand-in for shell/src/lib/remotes/load-remote-module.ts: the same
 * screens, imported as ordinary lazy chunks of one build instead of federated remotes. It exists
 * only to measure what federation costs (`npm run bench`). webpack.config.js swaps it in for every
 * import of the shell's module, whatever the specifier; same-exports.ts keeps the two in step.
 */
import LOCAL_MODULES from 'one-bundle-local-modules';
import { loadMessages } from '../../shell/src/lib/i18n/load-messages';
import type {
  HostConfig,
  RemoteModule,
  RemoteName,
  RemotePropsByName,
  SiteLanguage,
} from 'shared-contracts';

export class IncompatibleRemoteError extends Error {
  constructor(remote: RemoteName, version: unknown) {
    super(`Remote "${remote}" was built for contract ${String(version)}, not this shell's.`);
    this.name = 'IncompatibleRemoteError';
  }
}

export function registerConfiguredRemotes(_config: HostConfig): void {}

export interface LoadRemoteOptions {
  language: SiteLanguage;
  retry?: boolean;
  pause?: () => Promise<void>;
}

/**
 * The chunk's import runs its modules as it resolves, so there is no step to pause between; the
 * module's texts are prepared as the federated load does, from the folder this build gives each
 * remote's texts (webpack.config.js: it shares the shell's `messages/`).
 */
export async function loadRemoteModule<Name extends RemoteName>(
  _config: HostConfig,
  remote: Name,
  { language }: LoadRemoteOptions,
): Promise<RemoteModule<RemotePropsByName[Name]>> {
  const module = await LOCAL_MODULES[remote]();
  await module.prepare?.(language, (url) =>
    loadMessages(url.replace(/\/messages\/([^/]+)$/, `/${remote}-messages/$1`)),
  );
  return module;
}
