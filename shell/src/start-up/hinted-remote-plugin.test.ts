import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_MANIFESTS_ELEMENT_ID } from 'shared-contracts/page';
import { carryJsonInPage } from '../testing/json-in-page';
import { JsonResponse } from '../testing/json-response';
import hintedRemotePlugin from './hinted-remote-plugin';

type BeforePreloadRemote = NonNullable<ModuleFederationRuntimePlugin['beforePreloadRemote']>;
type PreloadArgs = Parameters<BeforePreloadRemote>[0];
type Fetch = NonNullable<ModuleFederationRuntimePlugin['fetch']>;

const remotes = [
  { name: 'remote_share', entry: '/remotes/share/mf-manifest.json' },
  { name: 'remote_payments', entry: 'https://pay.example.com/mf-manifest.json' },
];

const shareManifest = { name: 'remote_share', exposes: [] };

/** A page that carries `manifests` as the server writes them. */
function carry(manifests: string) {
  carryJsonInPage(REMOTE_MANIFESTS_ELEMENT_ID, manifests);
}

function preloadOpsAfterPlugin(names: string[]): string[] {
  const args = {
    preloadOps: names.map((nameOrAlias) => ({ nameOrAlias, exposes: ['ShareViewer'] })),
    options: { remotes },
  } as unknown as PreloadArgs;
  void hintedRemotePlugin().beforePreloadRemote?.(args);
  return args.preloadOps.map((op) => op.nameOrAlias);
}

/** What the plugin answers the runtime's fetch of `url` with (undefined: the network). */
function fetchedByPlugin(url: string) {
  return (hintedRemotePlugin().fetch as Fetch)(url, {});
}

const originalResponse = globalThis.Response;

describe('hintedRemotePlugin', () => {
  beforeEach(() => Object.assign(globalThis, { Response: JsonResponse }));
  afterEach(() => {
    Object.assign(globalThis, { Response: originalResponse });
    document.body.replaceChildren();
  });

  it("answers the runtime's fetch of the manifest the page carries, from the page", async () => {
    carry(JSON.stringify({ '/remotes/share/mf-manifest.json': shareManifest }));
    const absolute = new URL('/remotes/share/mf-manifest.json', document.baseURI).href;
    for (const url of ['/remotes/share/mf-manifest.json', absolute]) {
      const response = (await fetchedByPlugin(url)) as unknown as JsonResponse;
      expect(await response.json()).toEqual(shareManifest);
    }
    expect(fetchedByPlugin('https://pay.example.com/mf-manifest.json')).toBeUndefined();
  });

  it('leaves every fetch to the network on a page that carries no manifest, or a broken one', () => {
    expect(fetchedByPlugin('/remotes/share/mf-manifest.json')).toBeUndefined();
    carry('{"/remotes/share/mf-manifest.json": ');
    expect(fetchedByPlugin('/remotes/share/mf-manifest.json')).toBeUndefined();
  });

  it('leaves the preload of the remote the page carries to the browser', () => {
    carry(JSON.stringify({ '/remotes/share/mf-manifest.json': shareManifest }));
    expect(preloadOpsAfterPlugin(['remote_share', 'remote_payments'])).toEqual(['remote_payments']);
  });

  it('keeps the runtime preloading every remote on a page that carries none', () => {
    expect(preloadOpsAfterPlugin(['remote_share', 'remote_payments'])).toEqual([
      'remote_share',
      'remote_payments',
    ]);
  });
});
