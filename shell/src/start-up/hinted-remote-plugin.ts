import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
// Not the whole of `shared-contracts/page`: the federation runtime's plugins, and all they import,
// are hoisted into the entry chunk, and through its index all of it would be (0.7 KB of gzip of
// the start-up, the home page's link reader among it).
import { REMOTE_MANIFESTS_ELEMENT_ID } from 'shared-contracts/page/pages';
import { readJsonInPage } from '../lib/page/json-in-page';

const absolute = (url: string) => new URL(url, document.baseURI).href;

/**
 * The remote manifests the page carries, by their absolute URL; none when it carries none or a
 * broken element: the runtime then fetches them as it would without one.
 */
function readPageManifests(): Map<string, unknown> {
  const manifests = new Map<string, unknown>();
  const carried = readJsonInPage(REMOTE_MANIFESTS_ELEMENT_ID);
  if (carried === null || typeof carried !== 'object') return manifests;
  try {
    for (const [url, manifest] of Object.entries(carried)) manifests.set(absolute(url), manifest);
  } catch {
    // A key that is no URL: the manifests read before it stay, the runtime fetches the others.
  }
  return manifests;
}

/**
 * The remote the page starts with came with the page: the server writes its `mf-manifest.json`
 * into it (REMOTE_MANIFESTS_ELEMENT_ID) and preloads its entry and first chunks
 * (server/src/page-assembly/preload-hints.ts). For such a remote the federation runtime:
 * - reads the manifest from the page instead of fetching it: one request fewer while the page
 *   starts;
 * - skips its own preloading of the remote's files (working out each file from the manifest and
 *   adding a tag for it is a long task on a slow phone, and the page has them already).
 * Any other remote (the upgrade sheet, one on another origin, a canary) loads as before.
 */
export default function hintedRemotePlugin(): ModuleFederationRuntimePlugin {
  let carried: Map<string, unknown> | null = null;
  const pageManifests = () => (carried ??= readPageManifests());
  return {
    name: 'hinted-remote-plugin',
    fetch(url) {
      const manifest = pageManifests().get(absolute(url));
      if (manifest === undefined) return undefined;
      return Promise.resolve(
        new Response(JSON.stringify(manifest), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    },
    beforePreloadRemote({ preloadOps, options }) {
      const manifestOf = (nameOrAlias: string) => {
        const remote = options.remotes.find(
          (candidate) => candidate.name === nameOrAlias || candidate.alias === nameOrAlias,
        );
        return remote && 'entry' in remote ? absolute(remote.entry) : null;
      };
      const notHinted = preloadOps.filter(
        (op) => !pageManifests().has(manifestOf(op.nameOrAlias) ?? ''),
      );
      // The runtime reads the list it passed in, so it is changed in place.
      preloadOps.splice(0, preloadOps.length, ...notHinted);
    },
  };
}
