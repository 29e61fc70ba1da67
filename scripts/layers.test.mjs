// node --test scripts/*.test.mjs (part of `npm test`): ESLint keeps each app's imports going down
// its layers (eslint.config.mjs), the graph free of cycles and the page's plumbing
// (`shared-contracts/page`) out of the remotes. Each case lints an import injected into a file of
// the app, as if written there, and expects ESLint to refuse it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { foldersOf } from './workspaces.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The zones are paths relative to the working folder, as when `npx eslint .` runs at the root.
process.chdir(repoRoot);
const eslint = new ESLint({ cwd: repoRoot });

/** The messages of the layer and cycle rules for `code` written in the file `file`. */
async function layerErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result.messages
    .filter(
      ({ ruleId }) => ruleId === 'import-x/no-restricted-paths' || ruleId === 'import-x/no-cycle',
    )
    .map(({ ruleId, message }) => `${ruleId}: ${message}`);
}

/** A line importing `target` (a file of the repository) from `file`, by a relative path. */
function importOf(file, target) {
  const relative = path.posix.relative(path.posix.dirname(file), target).replace(/\.tsx?$/, '');
  return `import * as injected from '${relative.startsWith('.') ? relative : `./${relative}`}';\nexport { injected };\n`;
}

/** The features of remote-share, each with one of its source files (it is reorganised often). */
function remoteShareFeatures() {
  const features = 'remote-share/src/features';
  const firstSource = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.posix.join(folder, entry.name);
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
        return file;
      }
      if (entry.isDirectory()) {
        const found = firstSource(file);
        if (found) return found;
      }
    }
    return null;
  };
  return readdirSync(features)
    .map((name) => ({ name, source: firstSource(path.posix.join(features, name)) }))
    .filter(({ source }) => source !== null);
}

const refused = async (file, target, expected) => {
  const errors = await layerErrors(file, importOf(file, target));
  assert.ok(
    errors.some((error) => error.includes(expected)),
    `${file} importing ${target}: expected "${expected}", got ${JSON.stringify(errors)}`,
  );
};

describe('the layers of the apps', () => {
  it('let a feature use the shared layers', async () => {
    const file = 'shell/src/features/login/injected.ts';
    assert.deepEqual(
      await layerErrors(file, importOf(file, 'shell/src/lib/i18n/shell-texts.ts')),
      [],
    );
  });

  it('refuse a shell feature importing another', () =>
    refused(
      'shell/src/features/download-app/injected.ts',
      'shell/src/features/login/login-sheet.tsx',
      'A feature imports no other feature.',
    ));

  it('refuse a shell feature importing the app layer', () =>
    refused(
      'shell/src/features/upgrade-sheet/injected.ts',
      'shell/src/app/create-shell.ts',
      'Features and shared layers import neither the app layer',
    ));

  it("refuse a shell's shared layer importing a feature", async () => {
    for (const layer of ['lib/i18n', 'services/session', 'components']) {
      await refused(
        `shell/src/${layer}/injected.ts`,
        'shell/src/features/toast/toast-service.ts',
        'imports no feature.',
      );
    }
  });

  it("refuse a shell's shared layer importing the start-up that uses it", () =>
    refused(
      'shell/src/components/injected.ts',
      'shell/src/start-up/start-page-remote.ts',
      'Features and shared layers import neither the app layer',
    ));

  it('refuse a remote-share feature importing another', async () => {
    const [first, second] = remoteShareFeatures();
    await refused(
      `remote-share/src/features/${first.name}/injected.ts`,
      second.source,
      'A feature imports no other feature.',
    );
  });

  it("refuse remote-share's shared layers importing a feature", async () => {
    const [feature] = remoteShareFeatures();
    for (const layer of ['lib', 'components', 'state']) {
      await refused(`remote-share/src/${layer}/injected.ts`, feature.source, 'imports no feature.');
    }
  });

  it('refuse a cycle in the shell', async () => {
    // axios-transport.ts imports http.ts: http.ts importing it back closes a cycle.
    const file = 'shell/src/services/api/http.ts';
    assert.match(
      readFileSync('shell/src/services/api/axios-transport.ts', 'utf8'),
      /from '\.\/http'/,
    );
    const errors = await layerErrors(
      file,
      importOf(file, 'shell/src/services/api/axios-transport.ts'),
    );
    assert.ok(
      errors.some((error) => error.startsWith('import-x/no-cycle')),
      JSON.stringify(errors),
    );
  });
});

describe("the shell's and the server's page plumbing (shared-contracts/page)", () => {
  const code =
    "import { remoteOfPage } from 'shared-contracts/page';\nexport const page = remoteOfPage('/');\n";
  /** The messages of the import boundaries for a file of `folder` that imports the page's entry. */
  const boundaryErrors = async (folder) => {
    const [result] = await eslint.lintText(code, {
      filePath: path.join(repoRoot, folder, 'src', 'injected.ts'),
    });
    return result.messages
      .filter(({ ruleId }) => ruleId === 'no-restricted-imports')
      .map(({ message }) => message);
  };

  it('is refused to every remote and to ui-kit', async () => {
    for (const folder of foldersOf('remote', 'library')) {
      const errors = await boundaryErrors(folder);
      assert.ok(
        errors.some((error) =>
          error.includes("shared-contracts/page is the shell's and the server's"),
        ),
        `${folder}: ${JSON.stringify(errors)}`,
      );
    }
  });

  it('is open to the shell and the server', async () => {
    for (const folder of foldersOf('host', 'server')) {
      assert.deepEqual(await boundaryErrors(folder), [], folder);
    }
  });
});
