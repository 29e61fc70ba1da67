// node --test scripts/*.test.mjs (part of `npm test`): the build notices every source.
import assert from 'node:assert/strict';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { APPS, WORKSPACES } from './workspaces.mjs';
import { isBuilt, sourcesOf } from './build-sources.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Workspace package names an app's source files import. */
function importedWorkspaces(app) {
  const names = WORKSPACES.map(
    ({ folder }) =>
      JSON.parse(readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8')).name,
  );
  const found = new Set();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|tsx|js)$/.test(entry.name)) {
        for (const [, name] of readFileSync(file, 'utf8').matchAll(/from '([^'./][^'/]*)/g)) {
          if (names.includes(name)) found.add(name);
        }
      }
    }
  };
  walk(path.join(repoRoot, app, 'src'));
  return found;
}

describe('the build', () => {
  it("counts every workspace an app's code imports among its sources", () => {
    for (const app of APPS) {
      const sources = sourcesOf(app, repoRoot).map((source) => path.relative(repoRoot, source));
      for (const name of importedWorkspaces(app)) {
        const folder = name === 'webpack-config' ? 'webpack' : name;
        assert.ok(sources.includes(folder), `${app} imports ${name}: a change there rebuilds it`);
      }
      assert.ok(sources.includes('ui-kit'), `${app} is rebuilt after a ui-kit change`);
    }
  });

  it('is out of date after a change to ui-kit, and up to date again after the next build', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'nimbus-build-'));
    const write = (file, text, time) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
      utimesSync(path.join(root, file), time, time);
    };
    try {
      const early = new Date('2026-01-01T00:00:00Z');
      const built = new Date('2026-01-02T00:00:00Z');
      const later = new Date('2026-01-03T00:00:00Z');
      write(
        'workspaces.json',
        JSON.stringify({
          workspaces: ['app', 'ui-kit', 'shared-contracts'].map((folder) => ({ folder })),
        }),
        early,
      );
      write('package-lock.json', '{}', early);
      write(
        'app/package.json',
        JSON.stringify({
          name: 'app',
          devDependencies: { 'ui-kit': '1.0.0', 'shared-contracts': '1.0.0' },
        }),
        early,
      );
      write('app/src/index.ts', 'export {};', early);
      write('ui-kit/package.json', JSON.stringify({ name: 'ui-kit' }), early);
      write('ui-kit/src/dialog.tsx', 'export {};', early);
      write('shared-contracts/package.json', JSON.stringify({ name: 'shared-contracts' }), early);
      write('app/dist/mf-manifest.json', '{}', built);
      for (const folder of [
        'app',
        'app/src',
        'app/dist',
        'ui-kit',
        'ui-kit/src',
        'shared-contracts',
        '',
      ]) {
        utimesSync(path.join(root, folder), early, early);
      }
      utimesSync(path.join(root, 'app/dist'), built, built);
      assert.equal(isBuilt('app', root), true);
      write('ui-kit/src/dialog.tsx', 'export const changed = 1;', later);
      assert.equal(isBuilt('app', root), false, 'a ui-kit change makes the build stale');
      // Outputs of its own (the server's compiled entry): built after the change, or not built.
      write('app/dist/server.mjs', '', new Date(later.getTime() + 1000));
      assert.equal(isBuilt('app', root, [path.join(root, 'app/dist/server.mjs')]), true);
      assert.equal(isBuilt('app', root, [path.join(root, 'app/dist/none.mjs')]), false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
