// node --test scripts/*.test.mjs (part of `npm test`): no source file of the apps is over 250
// lines (issue 31). A file that grows past it holds more than one thing: split it by what each
// part does, so a newcomer finds a feature's code by its name.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { WORKSPACES } from './workspaces.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 250;
/** Every workspace's `src/` (workspaces.json). */
const SOURCES = WORKSPACES.map(({ folder }) => `${folder}/src`).filter((src) =>
  existsSync(path.join(repoRoot, src)),
);
const CODE = /\.(ts|tsx|css|mjs|js)$/;

/** Tests and test helpers may be long: a journey reads best in one file. */
export function isTestCode(file) {
  return (
    /\.test\.|\.guard\.test\./.test(file) ||
    file.split('/').some((part) => ['test', 'testing'].includes(part))
  );
}

/** The code files under a folder, relative to the repository. */
function filesUnder(folder) {
  return readdirSync(path.join(repoRoot, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)));
}

describe('the size of source files', () => {
  it('knows test code from the app', () => {
    assert.equal(isTestCode('server/src/test/helpers.ts'), true);
    assert.equal(isTestCode('shell/src/features/login/login-sheet.test.tsx'), true);
    assert.equal(isTestCode('remote-share/src/testing/fixtures.ts'), true);
    assert.equal(isTestCode('remote-share/src/features/save/save-flow.ts'), false);
  });

  it(`keeps every non-test source file at ${MAX_LINES} lines or fewer`, () => {
    const long = SOURCES.flatMap(filesUnder)
      .filter((file) => !isTestCode(file))
      .map((file) => ({
        file,
        lines: readFileSync(path.join(repoRoot, file), 'utf8').split('\n').length - 1,
      }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    assert.deepEqual(long, []);
  });
});
