// node --test scripts/*.test.mjs (part of `npm test`): the docs name only files that exist, and
// docs/architecture.md's map says what the tree is: every workspace, each app's layers, one place
// per feature in each front-end app.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { APPS, WORKSPACES } from './workspaces.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Every Markdown file under docs/ (the changelog, a record of the past, may name gone files). */
const DOCS_FOLDER = readdirSync(path.join(repoRoot, 'docs'), { recursive: true })
  .map((name) => path.join('docs', String(name)).split(path.sep).join('/'))
  .filter((name) => name.endsWith('.md'))
  .sort();
const DOCS = [
  'README.md',
  ...DOCS_FOLDER,
  ...WORKSPACES.map(({ folder }) => `${folder}/README.md`).filter((readme) =>
    existsSync(path.join(repoRoot, readme)),
  ),
];
/** The repository's top-level folders: every workspace, and those of no workspace. */
const TOP_FOLDERS = [...WORKSPACES.map(({ folder }) => folder), 'scripts', 'bench', 'docs'];
/** A code span naming a path of the repository: it begins with one of its top-level folders. */
const REPO_PATH = new RegExp(`^(${TOP_FOLDERS.join('|')})\\/[\\w./@-]*$`);

/** `shell/dist`: made by the build, which runs after this test on a fresh clone. */
export function isBuildOutput(name) {
  return name.split('/').includes('dist');
}

/** The paths a document names in code spans (`like/this.ts`). */
export function pathsNamedIn(markdown) {
  return [...markdown.matchAll(/`([^`\n]+)`/g)]
    .map(([, span]) => span.trim())
    .filter((span) => REPO_PATH.test(span));
}

describe('the docs', () => {
  it('find the paths in code spans, and nothing else', () => {
    assert.deepEqual(
      pathsNamedIn('`shell/src/app/app.tsx` and `/s/demo-public`, `npm test`, `shell/`'),
      ['shell/src/app/app.tsx', 'shell/'],
    );
  });

  it('know a build output from a source path', () => {
    assert.equal(isBuildOutput('remote-payments/dist/'), true);
    assert.equal(isBuildOutput('shell/src/distance.ts'), false);
  });

  for (const doc of DOCS) {
    it(`${doc} names only files and folders that exist`, () => {
      const named = pathsNamedIn(readFileSync(path.join(repoRoot, doc), 'utf8'));
      // A workspace's README may name paths from its own folder (`scripts/seed.ts` in server/).
      const folders = [repoRoot, path.dirname(path.join(repoRoot, doc))];
      const missing = named
        .filter((name) => !isBuildOutput(name))
        .filter((name) => !folders.some((folder) => existsSync(path.join(folder, name))));
      assert.deepEqual(missing, [], `${doc} names paths that do not exist`);
    });
  }
});

/** The rows of the markdown table that follows `heading`, as arrays of cells. */
export function tableAfter(markdown, heading) {
  const section = markdown.slice(markdown.indexOf(heading));
  const lines = section.split('\n').slice(1);
  const start = lines.findIndex((line) => line.startsWith('|'));
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

describe('docs/architecture.md', () => {
  const map = readFileSync(path.join(repoRoot, 'docs/architecture.md'), 'utf8');

  it('lists every workspace of workspaces.json, and no other', () => {
    const workspaces = WORKSPACES.map(({ folder }) => folder);
    const listed = tableAfter(map, '## The workspaces')
      .flatMap(([names]) => pathsOrNames(names))
      .filter((name) => !['scripts', 'bench'].includes(name));
    assert.deepEqual([...listed].sort(), [...workspaces].sort());
  });

  // lib/ only where an app wraps a library or shares a helper across features: a remote whose
  // rules all belong to its one feature keeps them there.
  it("is right that each front end's src has app/ and features/", () => {
    for (const app of APPS) {
      for (const layer of ['app', 'features']) {
        const folder = path.join(repoRoot, app, 'src', layer);
        assert.ok(existsSync(folder) && statSync(folder).isDirectory(), `${app}/src/${layer}/`);
      }
    }
  });

  it('shows each spec feature in one place per front end', () => {
    const rows = tableAfter(map, '## Where each spec feature lives');
    assert.ok(rows.length > 20, 'the feature table is there');
    for (const [feature, code] of rows) {
      const places = pathsNamedIn(code);
      for (const app of APPS) {
        const inApp = places.filter((place) => place.startsWith(`${app}/`));
        assert.ok(inApp.length <= 1, `${feature}: ${inApp.join(', ')} (one place in ${app})`);
      }
    }
  });

  it('shows one place per feature, and knows a row that shows two', () => {
    const row = '| x | `remote-share/src/features/a/`, `remote-share/src/features/b/` |';
    const [[, code]] = tableAfter(`## T\n\n| a | b |\n| - | - |\n${row}\n`, '## T');
    assert.equal(pathsNamedIn(code).length, 2);
  });
});

/** The names of a table cell: its code spans (`shell`, `scripts`). */
function pathsOrNames(cell) {
  return [...cell.matchAll(/`([^`]+)`/g)].map(([, name]) => name);
}
