import path from 'node:path';
import { REMOTE_EXPOSES, type RemoteName } from 'shared-contracts';
import type { RuntimeConfig } from 'shared-contracts/page';
import { createCachedFileReader } from '../lib/cached-file';
import { escapeHtml } from '../lib/html';
import { staticFileOf } from '../plugins/external/static';

/** The part of a remote's `mf-manifest.json` the hints need. */
interface FederationManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { path: string; assets: { js: { sync: string[] }; css?: { sync?: string[] } } }[];
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

/** The scripts as `<link rel="preload">` elements for the page's head. */
export function preloadTags(scripts: readonly string[]): string {
  return scripts
    .map((script) => `<link rel="preload" href="${escapeHtml(script)}" as="script">`)
    .join('');
}

/**
 * The scripts as a `Link` response header. The browser acts on it as it commits the page, before
 * the page's parser (and its preload scanner) exist: on a phone, a quarter of a second sooner.
 * Only for a page that paints nothing before its app: over a first screen the scripts follow
 * the screen's markup instead (start-after-first-paint.ts).
 */
export function preloadHeader(scripts: readonly string[]): string {
  return scripts.map((script) => `<${encodeURI(script)}>; rel=preload; as=script`).join(', ');
}

/** Scripts in the head of the shell's page: its entry and the start-up chunks it preloads. */
export function shellStartUpScripts(html: string): string[] {
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  const scripts = [
    ...head.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)=["']?([^"' >]+\.js)\b/g),
  ];
  return [...new Set(scripts.map((match) => match[1] ?? ''))].filter((href) =>
    href.startsWith('/'),
  );
}

/** An app's build folder that this server serves: on disk, and its path on the site. */
export interface BuildFolder {
  onDisk: string;
  /** With its trailing `/`: `/remotes/share/`, the shell's `/`. */
  onSite: string;
}

/** What the page says of the remote it starts with (`createPreloadHints`). */
export interface RemoteStartUp {
  /** The site paths of its entry and of the chunks its exposed module needs at once. */
  scripts: string[];
  /** The site paths of the CSS its exposed module needs at once (inlined: start-up-css.ts). */
  styles: string[];
  /**
   * Its `mf-manifest.json`, which the page carries (REMOTE_MANIFESTS_ELEMENT_ID) by the URL the
   * runtime configuration names it by; null when the page carries none.
   */
  manifest: { url: string; json: unknown } | null;
  /** Where its build is, for its texts (page-messages.ts); null: none in the page. */
  folder: BuildFolder | null;
}

/**
 * What a page needs of the remote it starts with, read from the remote's `mf-manifest.json`: the
 * manifest itself, which the page carries so that the federation runtime fetches nothing before
 * it loads the remote, the scripts to preload (the remote's entry and the chunks its exposed
 * module needs at once), and that module's CSS. The browser then fetches them together with the
 * shell's scripts instead of one after another. Only a remote this server serves itself is
 * hinted (one on another origin is left to the federation runtime), and none while the remote
 * runs a canary.
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
  ): Promise<RemoteStartUp> {
    const none: RemoteStartUp = { scripts: [], styles: [], manifest: null, folder: null };
    // Under a canary each browser chooses its release as it starts (release-track.ts in the
    // shell): hinting one of the two would send half the visitors files they never run.
    if (config.remotes[remote].canary) return none;
    const { manifestUrl: configuredUrl } = config.remotes[remote];
    const manifestUrl = new URL(configuredUrl, siteOrigin);
    if (manifestUrl.origin !== siteOrigin) return none;
    let file: string | null;
    try {
      file = staticFileOf(staticRoot, manifestUrl.pathname);
    } catch {
      return none;
    }
    if (!file) return none;
    const manifest = await readManifest(file);
    if (!manifest) return none;
    const folder = new URL('./', manifestUrl).pathname;
    const exposed = manifest.exposes.find((expose) => expose.path === REMOTE_EXPOSES[remote]);
    const scripts = [
      `${manifest.metaData.remoteEntry.path}${manifest.metaData.remoteEntry.name}`,
      ...(exposed?.assets.js.sync ?? []),
    ];
    const styles = (exposed?.assets.css?.sync ?? []).filter(
      (style): style is string => typeof style === 'string',
    );
    return {
      scripts: scripts.map((script) => folder + script),
      styles: styles.map((style) => folder + style),
      // The whole file as parsed: the hints read only part of it, the runtime reads the rest.
      manifest: { url: configuredUrl, json: manifest },
      folder: { onDisk: path.dirname(file), onSite: folder },
    };
  };
}
