import type { RemoteModule, RemoteName, RemotePropsByName } from 'shared-contracts';

/**
 * The page's remote, loading since the entry chunk ran (start-up/start-page-remote.ts starts it,
 * RemoteView renders it): here, below both, so neither imports the other.
 */
export interface PageRemote {
  /** For that remote, a function giving its module once the load has finished (null before). */
  loaded: { [Name in RemoteName]?: () => RemoteModule<RemotePropsByName[Name]> | null };
  /** Settles once the load has finished or failed. */
  settled: Promise<void>;
}
