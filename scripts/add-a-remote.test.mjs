// node --test scripts/*.test.mjs (part of `npm test`): adding a remote touches at most
// MAX_PLACES places (issue 47). It counts what adding one (`remote-example`) would touch: the
// declaration (workspaces.json), the remote's own folder, the shell's mount of it (a route or a
// sheet: where it shows), and every list of the remotes kept by hand, which would need it too.
// Such a list is found by grep: code or configuration that names every remote within as many
// lines as there are remotes. What reads workspaces.json, or the contract's
// `REMOTE_FEDERATION_NAMES`, needs no change. (A grep finds names, not numbers: a budget that
// grows with the remotes, like the field data's bytes, is left to its own test.)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DECLARATION, REMOTES, WORKSPACES } from './workspaces.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_PLACES = 5;
/** What can hold a list of the remotes: code and configuration (docs describe them in prose). */
const CODE_OR_CONFIG = /\.(ts|tsx|js|mjs|cjs|json|ya?ml|html|sh|vcl)$/;
/** Written by npm from package.json (whose `remote-*` finds every remote). */
const GENERATED = new Set(['package-lock.json']);
/**
 * Tests are not counted: an existing test may exercise some remotes by name, and a new remote
 * needs no change to it. One that checks every remote (registration, the contract) derives its
 * list from the configuration or the contract, so it holds the new remote by itself.
 */
const TEST_CODE = /(\.test\.|\/test\/|\/testing\/|^e2e\/)/;
/** A line that is a comment only: naming the remotes in one explains, it lists nothing. */
const COMMENT = /^\s*(\/\/|\/\*|\*|#)/;

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * How code names a remote: its folder (`remote-share`), federation name (`remote_share`), exposed
 * module (`./ShareViewer`), the path it is served at (`/remotes/share/`), its dev port, or its
 * name in the contract as a string or a key (`'share'`, `share:`).
 */
export function namesOf({ folder, remote, federation, staticPath, devPort }) {
  const names = [folder, federation.name, federation.expose, staticPath].map(escape).join('|');
  return new RegExp(`(${names})|\\b${devPort}\\b|['"\`]${remote}['"\`]|\\b${remote}\\??:`);
}

/**
 * Where a file's text lists every remote: the first line (1-based) of each run of as many lines as
 * there are remotes that names each of them.
 */
export function listsIn(text, remotes) {
  const lines = text.split('\n').map((line) => (COMMENT.test(line) ? '' : line));
  const patterns = remotes.map(namesOf);
  const namesOne = (line) => patterns.some((pattern) => pattern.test(line));
  const firsts = lines.flatMap((_, start) => {
    const run = lines.slice(start, start + remotes.length);
    const listsAll = patterns.every((pattern) => run.some((line) => pattern.test(line)));
    return listsAll ? [start + run.findIndex(namesOne) + 1] : [];
  });
  return [...new Set(firsts)];
}

/** The repository's files that git does not ignore, relative to it. */
function repositoryFiles() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '' && existsSync(path.join(repoRoot, file)));
}

/** The files outside the remotes' own folders and the declaration that list every remote. */
function handKeptLists() {
  const ownFolders = REMOTES.map(({ folder }) => `${folder}/`);
  return repositoryFiles()
    .filter((file) => CODE_OR_CONFIG.test(file) && file !== DECLARATION && !GENERATED.has(file))
    .filter((file) => !TEST_CODE.test(file))
    .filter((file) => !ownFolders.some((folder) => file.startsWith(folder)))
    .flatMap((file) => {
      const lines = listsIn(readFileSync(path.join(repoRoot, file), 'utf8'), REMOTES);
      return lines.length > 0 ? [`${file}:${lines.join(',')}`] : [];
    });
}

const fakeRemote = (remote, devPort) => ({
  folder: `remote-${remote}`,
  remote,
  federation: { name: `remote_${remote}`, expose: `./${remote.toUpperCase()}` },
  staticPath: `/remotes/${remote}/`,
  devPort,
});
const fakeRemotes = [fakeRemote('a', 4001), fakeRemote('b', 4002)];

describe('adding a remote', () => {
  it('finds a list of every remote in code, not in comments or names far apart', () => {
    assert.deepEqual(listsIn("x\nconst all = ['a', 'b'];", fakeRemotes), [2]);
    assert.deepEqual(listsIn('{\n  a: 1,\n  b: 2,\n}', fakeRemotes), [2]);
    assert.deepEqual(listsIn("import '/remotes/a/x';\nrun('remote-b');", fakeRemotes), [1]);
    assert.deepEqual(listsIn('const ports = [4000, 4001, 4002];', fakeRemotes), [1]);
    assert.deepEqual(listsIn("// 'a' and 'b' are built first", fakeRemotes), []);
    assert.deepEqual(listsIn("'a'\n\n\n'b'", fakeRemotes), []);
    assert.deepEqual(listsIn("const name = 'ab';", fakeRemotes), []);
  });

  it("is found by npm: package.json's workspaces are those of workspaces.json", () => {
    const { workspaces: patterns } = JSON.parse(
      readFileSync(path.join(repoRoot, 'package.json'), 'utf8'),
    );
    const folders = readdirSync(repoRoot).filter((entry) =>
      existsSync(path.join(repoRoot, entry, 'package.json')),
    );
    const found = patterns.flatMap((pattern) => {
      const glob = new RegExp(`^${pattern.split('*').map(escape).join('[^/]*')}$`);
      return folders.filter((folder) => glob.test(folder));
    });
    assert.deepEqual(found.sort(), WORKSPACES.map(({ folder }) => folder).sort());
  });

  it(`touches ${MAX_PLACES} places at most`, () => {
    const places = [
      `${DECLARATION} (the remote's role, federation name, exposed module, port, path)`,
      "remote-example/ (the remote's own workspace)",
      "the shell's mount of it (a route, or a sheet like remote-payments')",
      ...handKeptLists(),
    ];
    assert.ok(
      places.length <= MAX_PLACES,
      `adding a remote would touch ${places.length} places:\n  ${places.join('\n  ')}`,
    );
  });
});
