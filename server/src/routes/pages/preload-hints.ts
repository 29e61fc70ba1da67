import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_EXPOSES, type RemoteName, type RuntimeConfig } from 'shared-contracts';
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

/** The remote a page starts with: the invite page, or the share viewer on every other page. */
export function remoteOfPage(pathname: string): RemoteName {
  return /^\/invite\/?$/.test(pathname) ? 'invite' : 'share';
}

/**
 * `<link rel="preload">` hints for the remote a page starts with: its manifest, its entry and the
 * chunks its exposed module needs at once, read from the remote's `mf-manifest.json`. The browser
 * then fetches them together with the shell's scripts instead of one after another. Only a remote
 * this server serves itself is hinted (one on another origin is left to the federation runtime).
 */
export function createPreloadHints(staticRoot: string) {
  const cache = new Map<string, { mtimeMs: number; manifest: FederationManifest | null }>();

  async function readManifest(file: string): Promise<FederationManifest | null> {
    try {
      const { mtimeMs } = await stat(file);
      const cached = cache.get(file);
      if (cached?.mtimeMs === mtimeMs) return cached.manifest;
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
      const manifest = isFederationManifest(parsed) ? parsed : null;
      cache.set(file, { mtimeMs, manifest });
      return manifest;
    } catch {
      return null;
    }
  }

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
