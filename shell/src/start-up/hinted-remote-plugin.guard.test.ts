import { createInstance } from '@module-federation/enhanced/runtime';
import { REMOTE_MANIFESTS_ELEMENT_ID } from 'shared-contracts/page';
import { carryJsonInPage } from '../testing/json-in-page';
import { JsonResponse } from '../testing/json-response';
import hintedRemotePlugin from './hinted-remote-plugin';

/**
 * A guard for the federation runtime's behaviour the plugin relies on (docs/performance.md, "The
 * hinted remote"): with the real runtime, loading a remote whose manifest the page carries
 * fetches no manifest and adds no preload of its own for that remote's files. It fails when an
 * upgrade stops asking plugins for the manifest, stops reading the list the plugin changes, or
 * preloads by another path.
 */

/** The shape of a remote's `mf-manifest.json`, as the build writes it (trimmed). */
function manifestOf(name: string) {
  const assets = (sync: string[]) => ({
    js: { sync, async: [] },
    css: { sync: [], async: [] },
  });
  return {
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      buildInfo: { buildVersion: '1.0.0', buildName: name },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: name,
      pluginVersion: '2.9.2',
      publicPath: 'auto',
    },
    shared: [],
    remotes: [],
    exposes: [
      {
        id: `${name}:Viewer`,
        name: 'Viewer',
        assets: assets(['680.chunk.js', '__federation_expose_Viewer.chunk.js']),
        path: './Viewer',
      },
    ],
  };
}

const originalResponse = globalThis.Response;
const originalFetch = globalThis.fetch;
/** The manifests the runtime fetched from the network. */
let fetched: string[] = [];

beforeEach(() => {
  fetched = [];
  Object.assign(globalThis, {
    Response: JsonResponse,
    fetch: (url: string) => {
      fetched.push(new URL(url).pathname);
      const name = /\/remotes\/([^/]+)\//.exec(url)?.[1] ?? 'unknown';
      return Promise.resolve(new JsonResponse(JSON.stringify(manifestOf(name))));
    },
  });
});

afterEach(() => {
  Object.assign(globalThis, { Response: originalResponse, fetch: originalFetch });
  document.head.replaceChildren();
  document.body.replaceChildren();
});

/**
 * Starts loading `name`'s module, the page carrying its manifest or not, and answers the files
 * the runtime added tags for.
 */
async function runtimePreloadsWhileLoading(name: string, { carried }: { carried: boolean }) {
  const manifestUrl = `/remotes/${name}/mf-manifest.json`;
  if (carried) {
    const manifests = JSON.stringify({ [manifestUrl]: manifestOf(name) });
    carryJsonInPage(REMOTE_MANIFESTS_ELEMENT_ID, manifests);
  }
  const present = new Set(document.querySelectorAll('link, script'));
  const runtime = createInstance({
    name: `host_${name}`,
    remotes: [{ name, entry: new URL(manifestUrl, document.baseURI).href }],
    plugins: [hintedRemotePlugin()],
  });
  // jsdom runs no script: the remote's entry never loads, which is as far as this needs to go.
  void runtime.loadRemote(`${name}/Viewer`).catch(() => undefined);
  await waitForEntryScript(name);
  return Array.from(document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link, script'))
    .filter((element) => !present.has(element))
    .map((element) => new URL('src' in element ? element.src : element.href).pathname);
}

/** The runtime has resolved the remote (and preloaded, or not) once it adds the entry's script. */
async function waitForEntryScript(name: string) {
  for (let tries = 0; tries < 200; tries += 1) {
    if (document.querySelector(`script[src*="/remotes/${name}/remoteEntry.js"]`)) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`the runtime never loaded ${name}'s entry`);
}

describe('the federation runtime with the hinted-remote plugin', () => {
  it("reads the manifest the page carries and preloads none of the remote's files: the page has them", async () => {
    expect(await runtimePreloadsWhileLoading('share_hinted', { carried: true })).toEqual([
      '/remotes/share_hinted/remoteEntry.js',
    ]);
    expect(fetched).toEqual([]);
  });

  it('fetches the manifest of a remote the page does not carry, and adds a tag for each of its files', async () => {
    expect(await runtimePreloadsWhileLoading('share_plain', { carried: false })).toEqual([
      '/remotes/share_plain/680.chunk.js',
      '/remotes/share_plain/__federation_expose_Viewer.chunk.js',
      '/remotes/share_plain/remoteEntry.js',
    ]);
    expect(fetched).toEqual(['/remotes/share_plain/mf-manifest.json']);
  });
});
