import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import hintedRemotePlugin from './hinted-remote-plugin';

type BeforePreloadRemote = NonNullable<ModuleFederationRuntimePlugin['beforePreloadRemote']>;
type PreloadArgs = Parameters<BeforePreloadRemote>[0];

const remotes = [
  { name: 'remote_share', entry: '/remotes/share/mf-manifest.json' },
  { name: 'remote_payments', entry: 'https://pay.example.com/mf-manifest.json' },
];

function preloadOpsAfterPlugin(names: string[]): string[] {
  const args = {
    preloadOps: names.map((nameOrAlias) => ({ nameOrAlias, exposes: ['ShareViewer'] })),
    options: { remotes },
  } as unknown as PreloadArgs;
  void hintedRemotePlugin().beforePreloadRemote?.(args);
  return args.preloadOps.map((op) => op.nameOrAlias);
}

describe('hintedRemotePlugin', () => {
  afterEach(() => document.head.replaceChildren());

  it("leaves the preload of the remote the page's head hints to the browser", () => {
    document.head.innerHTML =
      '<link rel="preload" href="/remotes/share/mf-manifest.json" as="fetch" crossorigin="anonymous">' +
      '<link rel="preload" href="/remotes/share/remoteEntry.js" as="script">';
    expect(preloadOpsAfterPlugin(['remote_share', 'remote_payments'])).toEqual(['remote_payments']);
  });

  it('keeps the runtime preloading every remote on a page without hints', () => {
    expect(preloadOpsAfterPlugin(['remote_share', 'remote_payments'])).toEqual([
      'remote_share',
      'remote_payments',
    ]);
  });
});
