import { readFile } from 'node:fs/promises';
import { isCompatibleContract, type RemoteName } from 'shared-contracts';
import { RELEASE_PATTERN } from 'shared-contracts/page';
import { staticFileOf } from '../plugins/external/static';

/** What a release build writes beside its `mf-manifest.json` (scripts/release.mjs). */
export interface ReleaseFile {
  remote: RemoteName;
  release: string;
  contractVersion: string;
}

/** How long the server waits for a release's files on another origin. */
const FETCH_TIMEOUT_MS = 3000;

/**
 * A file beside the manifest: read from disk when this server serves it (a relative URL or this
 * site's origin), else fetched.
 */
async function readBeside(
  manifestUrl: string,
  name: string,
  site: { origin: string; staticRoot: string },
): Promise<string> {
  const url = new URL(name, new URL(manifestUrl, site.origin));
  if (url.origin === site.origin) {
    const file = staticFileOf(site.staticRoot, url.pathname);
    if (!file) throw new Error(`${url.pathname} is not a folder this server serves releases from`);
    return readFile(file, 'utf8');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not an http(s) URL');
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
  return response.text();
}

/**
 * Why a release may not start as a canary, or null when it may: its manifest and its
 * `release.json` are there, it is the named remote and release, and it was built for a contract
 * the shell this server serves runs (`isCompatibleContract`: its major, no newer minor).
 */
export async function releaseRefusal(
  input: { remote: RemoteName; release: string; manifestUrl: string },
  site: { origin: string; staticRoot: string },
): Promise<string | null> {
  let file: Partial<ReleaseFile>;
  try {
    await readBeside(input.manifestUrl, 'mf-manifest.json', site);
    file = JSON.parse(await readBeside(input.manifestUrl, 'release.json', site)) as ReleaseFile;
  } catch (error) {
    return `the release's files could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (file.remote !== input.remote)
    return `the release is of ${String(file.remote)}, not ${input.remote}`;
  if (typeof file.release !== 'string' || !new RegExp(RELEASE_PATTERN).test(file.release)) {
    return 'release.json names no valid release';
  }
  if (file.release !== input.release)
    return `the files are release ${file.release}, not ${input.release}`;
  if (!isCompatibleContract(file.contractVersion)) {
    return `built for contract ${String(file.contractVersion)}: this site's shell refuses it`;
  }
  return null;
}
