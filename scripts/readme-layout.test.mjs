// node --test scripts/*.test.mjs (part of `npm test`): each workspace README's layout is true.
// In its "## Layout" section (or "## Layout of `src/`": then its paths start there), every path of
// the workspace it names in a code span exists, and every top-level folder of the workspace's
// `src/` is named. A path of the workspace is a code span that begins with one of the workspace's
// own entries (`src/app/`, `scripts/seed.ts`); other spans (`share-viewer.tsx` inside a folder
// named before, `npm test`) are prose.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { WORKSPACES } from './workspaces.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Made by installs and builds: a README may name them, a fresh clone lacks them. */
const NOT_SOURCES = new Set(['node_modules', 'dist', 'dist-first-screen']);
/** A span that looks like a path: no spaces, and a folder (`/`) or a file's extension in it. */
const PATH_LIKE = /^(\.\/)?[\w.@-]+(\/[\w.@-]+)*\/?$/;

/** The Layout section of a README (up to the next heading of its level), or null. */
export function layoutSection(markdown) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^## Layout\b/.test(line));
  if (start === -1) return null;
  const end = lines.findIndex((line, index) => index > start && /^#{1,2} /.test(line));
  const heading = lines[start];
  return {
    /** The folder its paths start from: the one its heading names (`src/`), else the workspace. */
    base: /`([^`]+)`/.exec(heading)?.[1]?.replace(/\/$/, '') ?? '',
    text: lines.slice(start + 1, end === -1 ? undefined : end).join('\n'),
  };
}

/** The paths a section names that begin with an entry of `entries`, relative to its base. */
export function pathsIn(text, entries) {
  return [...text.matchAll(/`([^`\n]+)`/g)]
    .map(([, span]) => span.trim().replace(/^\.\//, ''))
    .filter((span) => PATH_LIKE.test(span) && (span.includes('/') || /\.\w+$/.test(span)))
    .filter((span) => entries.includes(span.split('/')[0]));
}

/** A folder's entries that are sources (not installs or builds). */
const entriesOf = (folder) =>
  existsSync(folder) ? readdirSync(folder).filter((entry) => !NOT_SOURCES.has(entry)) : [];

const foldersOf = (folder) =>
  existsSync(folder)
    ? readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !NOT_SOURCES.has(entry.name))
        .map((entry) => entry.name)
    : [];

const readmes = WORKSPACES.map(({ folder }) => folder)
  .filter((folder) => existsSync(path.join(repoRoot, folder, 'README.md')))
  .map((folder) => ({
    folder,
    section: layoutSection(readFileSync(path.join(repoRoot, folder, 'README.md'), 'utf8')),
  }))
  .filter(({ section }) => section !== null);

describe("the workspace READMEs' layouts", () => {
  it('read the section, its base and its paths, and leave prose alone', () => {
    const readme = '# x\n## Layout of `src/`\n\n`app/` has `app.tsx`; `npm test`\n## Other\n`lib/`';
    const section = layoutSection(readme);
    assert.equal(section.base, 'src');
    assert.deepEqual(pathsIn(section.text, ['app', 'lib']), ['app/']);
    assert.deepEqual(pathsIn('`src/a/` and `./src/b.ts`, not `src` or `a b/`', ['src']), [
      'src/a/',
      'src/b.ts',
    ]);
    assert.equal(layoutSection('# x\n## Layouts elsewhere'), null);
  });

  for (const { folder, section } of readmes) {
    const base = path.join(repoRoot, folder, section.base);
    const named = pathsIn(section.text, entriesOf(base));

    it(`${folder}/README.md names only paths that exist`, () => {
      const missing = named.filter((name) => !existsSync(path.join(base, name)));
      assert.deepEqual(missing, [], `${folder}/README.md's layout names paths that do not exist`);
    });

    it(`${folder}/README.md names every top-level folder of its src/`, () => {
      const fromWorkspace = named.map((name) => path.join(section.base, name));
      const unnamed = foldersOf(path.join(repoRoot, folder, 'src')).filter(
        (top) =>
          !fromWorkspace.some((name) => name === `src/${top}` || name.startsWith(`src/${top}/`)),
      );
      assert.deepEqual(unnamed, [], `${folder}/README.md's layout does not name these folders`);
    });
  }
});
