import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * As it loads a remote, the federation runtime works out the remote's entry and chunks from its
 * manifest and adds a tag for each to preload them: a long task on a slow phone. A remote whose
 * manifest the page preloads (in its head, or after its first screen) already came with the page
 * (the server hints its entry and first chunks, server/src/page-assembly/preload-hints.ts), so
 * the runtime skips that work for it.
 * Any other remote (the upgrade sheet, one on another origin) is preloaded by the runtime as before.
 */
export default function hintedRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'hinted-remote-plugin',
    beforePreloadRemote({ preloadOps, options }) {
      const hinted = new Set(
        Array.from(
          document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]'),
          (link) => link.href,
        ),
      );
      const manifestOf = (nameOrAlias: string) => {
        const remote = options.remotes.find(
          (candidate) => candidate.name === nameOrAlias || candidate.alias === nameOrAlias,
        );
        return remote && 'entry' in remote ? new URL(remote.entry, document.baseURI).href : null;
      };
      const notHinted = preloadOps.filter((op) => !hinted.has(manifestOf(op.nameOrAlias) ?? ''));
      // The runtime reads the list it passed in, so it is changed in place.
      preloadOps.splice(0, preloadOps.length, ...notHinted);
    },
  };
}
