import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * Builds a copy of a remote's sources with some files rewritten, into e2e/.artifacts/{folder}
 * (inside the repo so its node_modules resolve). Resolves with the dist folder.
 */
export async function buildRemoteCopy(options: {
  remote: string;
  folder: string;
  rewrite: (relativePath: string, source: string) => string;
}): Promise<string> {
  const target = path.join(repoRoot, 'e2e', '.artifacts', options.folder);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const source = path.join(repoRoot, options.remote);
  cpSync(path.join(source, 'src'), path.join(target, 'src'), { recursive: true });
  cpSync(path.join(source, 'webpack.config.js'), path.join(target, 'webpack.config.js'));
  writeFileSync(
    path.join(target, 'tsconfig.json'),
    JSON.stringify(
      {
        extends: '../../../tsconfig.base.json',
        compilerOptions: { noEmit: true },
        include: ['src', '../../../types'],
      },
      null,
      2,
    ),
  );
  for (const file of listFiles(path.join(target, 'src'))) {
    const relative = path.relative(target, file);
    const before = readFileSync(file, 'utf8');
    const after = options.rewrite(relative, before);
    if (after !== before) writeFileSync(file, after);
  }
  // npx runs in the nearest package's folder (e2e/), so the config is named explicitly.
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        'webpack',
        '--mode',
        'production',
        '--stats',
        'errors-only',
        '--config',
        path.join(target, 'webpack.config.js'),
      ],
      { cwd: target, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`webpack failed (${code}): ${errors}`)),
    );
  });
  return path.join(target, 'dist');
}

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/** The sha256 of every file under a folder, by relative path. */
export function hashFolder(folder: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const file of listFiles(folder).sort()) {
    hashes[path.relative(folder, file)] = createHash('sha256')
      .update(readFileSync(file))
      .digest('hex');
  }
  return hashes;
}
