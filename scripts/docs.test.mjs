// node --test scripts/*.test.mjs (part of `npm test`): the docs name only files that exist.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = [
  'README.md',
  'docs/architecture.md',
  'docs/performance.md',
  ...['shared-contracts', 'ui-kit', 'shell', 'remote-share', 'remote-payments', 'remote-invite']
    .concat(['server', 'e2e'])
    .map((workspace) => `${workspace}/README.md`)
    .filter((readme) => existsSync(path.join(repoRoot, readme))),
];
/** A code span naming a path of the repository: it begins with one of its top-level folders. */
const REPO_PATH =
  /^(shared-contracts|ui-kit|shell|remote-share|remote-payments|remote-invite|server|e2e|webpack|scripts|bench|docs)\/[\w./@-]*$/;

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
