import path from 'node:path';
import type { SiteLanguage } from 'shared-contracts';
import { PAGE_MESSAGES_ELEMENT_ID } from 'shared-contracts/page';
import { HOST } from '../config/workspaces';
import { createCachedFileReader, createCachedFolderLister } from '../lib/cached-file';
import { SHELL_DIST } from '../plugins/external/static';
import type { BuildFolder } from './preload-hints';

/** Where an app's build writes its catalogs (shared-contracts' `messagesFilePath`). */
const MESSAGES_FOLDER = 'messages';

/** A language's catalog file: `ar.1a2b3c4d.json` (its version: a hash of the app's catalogs). */
const messagesFileOf = (language: SiteLanguage) =>
  new RegExp(`^${language}\\.[0-9a-f]{8,}\\.json$`);

/** A compiled catalog's JSON as it goes into the page: an object, `<` unable to close the element. */
function catalogJson(text: string): string {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('a catalog file holds no catalog');
  }
  return JSON.stringify(parsed).replace(/</g, '\\u003c');
}

/**
 * The page language's texts, in the page (PAGE_MESSAGES_ELEMENT_ID, docs/decisions/
 * 0022-languages.md): the shell's catalog file of that language and its remote's, found by name
 * in their build folders and written into the page by their paths on the site. Each app asks its
 * loader for its own file before its first render and finds it there: the page arrives in its
 * language with nothing more to fetch, and the app takes over without a flash of English.
 * Nothing for English, whose texts are in the scripts, nor for an app whose file is not found
 * (the app then fetches its own: a remote on another origin, a canary).
 */
export function createPageMessages(staticRoot: string) {
  const shell: BuildFolder = { onDisk: path.join(staticRoot, SHELL_DIST), onSite: HOST.staticPath };
  const listFolder = createCachedFolderLister();
  const readCatalog = createCachedFileReader(catalogJson);

  /** The folder's catalog file of the language, as its site path and JSON; null when none. */
  async function catalogIn(
    folder: BuildFolder,
    language: SiteLanguage,
  ): Promise<[string, string] | null> {
    const onDisk = path.join(folder.onDisk, MESSAGES_FOLDER);
    const names = await listFolder(onDisk).catch(() => []);
    const name = names.find((candidate) => messagesFileOf(language).test(candidate));
    if (name === undefined) return null;
    const json = await readCatalog(path.join(onDisk, name)).catch(() => null);
    return json === null ? null : [`${folder.onSite}${MESSAGES_FOLDER}/${name}`, json];
  }

  /** The page's element of its language's catalogs; '' for English or when none is found. */
  return async function pageMessages(
    language: SiteLanguage,
    remote: BuildFolder | null,
  ): Promise<string> {
    if (language === 'en') return '';
    const folders = remote ? [shell, remote] : [shell];
    const found = await Promise.all(folders.map((folder) => catalogIn(folder, language)));
    const entries = found.filter((entry): entry is [string, string] => entry !== null);
    if (entries.length === 0) return '';
    const json = entries
      .map(([site, catalog]) => `${JSON.stringify(site).replace(/</g, '\\u003c')}:${catalog}`)
      .join(',');
    return `<script type="application/json" id="${PAGE_MESSAGES_ELEMENT_ID}">{${json}}</script>`;
  };
}
