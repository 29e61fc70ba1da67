/**
 * An app's texts in each language but English as files of their own, beside its scripts:
 * `messages/ar.1a2b3c4d.json` (shared-contracts' `messagesFilePath`), each its catalog
 * `src/locales/ar.json` compiled by Lingui's own compiler (ICU MessageFormat to what
 * `@lingui/core` reads). English stays in the scripts (`src/locales/en.ts`, scripts/messages.mjs).
 *
 * Files rather than webpack chunks: the code finds one by the page's language and one version for
 * all of them, so the start-up carries no table of 16 chunks and their hashes (1.5 KB of gzip
 * across the shell and remote-share), and the server can write the page language's files into
 * the page (server/src/page-assembly/page-messages.ts).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { compileMessage } = require('@lingui/message-utils/compileMessage');

/**
 * The app's compiled catalogs but English's, as each file's JSON by language, and their version:
 * 8 hex digits of a hash of them all. Null for an app without catalogs.
 * @param {string} appFolder
 * @returns {{ version: string, files: Map<string, string>, sources: string[] } | null}
 */
function messagesFilesOf(appFolder) {
  const locales = path.join(appFolder, 'src', 'locales');
  if (!fs.existsSync(path.join(appFolder, 'lingui.config.ts'))) return null;
  const sources = fs
    .readdirSync(locales)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(locales, name));
  const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
  const english = read(path.join(locales, 'en.json'));
  const files = new Map();
  const hash = crypto.createHash('sha256');
  for (const source of sources) {
    const language = path.basename(source, '.json');
    if (language === 'en') continue;
    const catalog = read(source);
    // A text not yet translated shows in English (scripts/messages.test.mjs fails meanwhile).
    const compiled = Object.fromEntries(
      Object.keys(english).map((id) => [id, compileMessage(catalog[id] || english[id])]),
    );
    const json = JSON.stringify(compiled);
    files.set(language, json);
    hash.update(`${language}\n${json}\n`);
  }
  return { version: hash.digest('hex').slice(0, 8), files, sources };
}

/**
 * Emits the files of `messagesFilesOf` under the version the build's code was given, into
 * `folder` of the build, and rebuilds a watching dev server when a catalog changes (with the new
 * texts under that same version).
 */
class MessagesFilesPlugin {
  /**
   * @param {string} appFolder
   * @param {string} version what `process.env.MESSAGES_VERSION` is in the app's code
   * @param {string} [folder] where in the build (`messages`, as `messagesFilePath` says)
   */
  constructor(appFolder, version, folder = 'messages') {
    this.appFolder = appFolder;
    this.version = version;
    this.folder = folder;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('MessagesFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'MessagesFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const messages = messagesFilesOf(this.appFolder);
          if (!messages) return;
          for (const source of messages.sources) compilation.fileDependencies.add(source);
          for (const [language, json] of messages.files) {
            compilation.emitAsset(
              `${this.folder}/${language}.${this.version}.json`,
              new sources.RawSource(json),
            );
          }
        },
      );
    });
  }
}

module.exports = { messagesFilesOf, MessagesFilesPlugin };
