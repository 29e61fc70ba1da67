import path from 'node:path';
import { REMOTE_EXPOSES, type RemoteName, type RuntimeConfig } from 'shared-contracts';
import { createCachedFileReader } from '../../lib/cached-file';
import { escapeHtml } from '../../lib/html';
import { STATIC_MOUNTS } from '../../plugins/external/static';

/** The part of a remote's `mf-manifest.json` the hints need. */
interface FederationManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
}

function isFederationManifest(value: unknown): value is FederationManifest {
  const manifest = value as FederationManifest | null;
  return (
    typeof manifest?.metaData?.remoteEntry?.name === 'string' &&
    Array.isArray(manifest.exposes) &&
    manifest.exposes.every(
      (expose) => typeof expose?.path === 'string' && Array.isArray(expose.assets?.js?.sync),
    )
  );
}

/**
 * `<link rel="preload">` hints for the remote a page starts with: its manifest, its entry and the
 * chunks its exposed module needs at once, read from the remote's `mf-manifest.json`. The browser
 * then fetches them together with the shell's scripts instead of one after another. Only a remote
 * this server serves itself is hinted (one on another origin is left to the federation runtime).
 */
export function createPreloadHints(staticRoot: string) {
  const readManifestFile = createCachedFileReader((text) => {
    const parsed: unknown = JSON.parse(text);
    return isFederationManifest(parsed) ? parsed : null;
  });
  const readManifest = (file: string) => readManifestFile(file).catch(() => null);

  return async function hintsFor(
    config: RuntimeConfig,
    remote: RemoteName,
    siteOrigin: string,
  ): Promise<string> {
    const manifestUrl = new URL(config.remotes[remote].manifestUrl, siteOrigin);
    if (manifestUrl.origin !== siteOrigin) return '';
    const mount = STATIC_MOUNTS.find(
      (candidate) => candidate.prefix !== '/' && manifestUrl.pathname.startsWith(candidate.prefix),
    );
    if (!mount) return '';
    const file = path.join(staticRoot, mount.dist, manifestUrl.pathname.slice(mount.prefix.length));
    const manifest = await readManifest(file);
    if (!manifest) return '';
    const folder = new URL('./', manifestUrl).pathname;
    const exposed = manifest.exposes.find((expose) => expose.path === REMOTE_EXPOSES[remote]);
    const scripts = [
      `${manifest.metaData.remoteEntry.path}${manifest.metaData.remoteEntry.name}`,
      ...(exposed?.assets.js.sync ?? []),
    ];
    const link = (attributes: string) => `<link rel="preload" ${attributes}>`;
    return [
      // The runtime fetches the manifest with `fetch` (CORS mode): the hint must match it.
      link(`href="${escapeHtml(manifestUrl.pathname)}" as="fetch" crossorigin="anonymous"`),
      ...scripts.map((file) => link(`href="${escapeHtml(folder + file)}" as="script"`)),
    ].join('');
  };
}
