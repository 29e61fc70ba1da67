// What a built app is made of, to tell whether its build is out of date: its own sources and
// configs, every workspace it depends on (shared-contracts, ui-kit, the webpack config factory:
// read from its package.json, so a new one is never forgotten), workspaces.json and the lockfile.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** An app's server-side renderer of the share page's first screen, when it has one. */
export const FIRST_SCREEN_CONFIG = 'webpack.first-screen.config.js';

/** Folders that are not sources: installed packages and build outputs. */
const NOT_SOURCES = new Set(['node_modules', 'dist', 'dist-first-screen']);

/** The newest modification time under a file or folder (0 when it does not exist). */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target)
    .filter((entry) => !NOT_SOURCES.has(entry))
    .reduce(
      (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
      stat.mtimeMs,
    );
}

/** The folders of the repository's workspaces (its workspaces.json), by package name. */
function workspaceFolders(root) {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'workspaces.json'), 'utf8'));
  return new Map(
    workspaces.map(({ folder }) => {
      const { name } = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
      return [name, folder];
    }),
  );
}

/** Everything an app's build reads that may change. */
export function sourcesOf(app, root) {
  const manifest = JSON.parse(readFileSync(path.join(root, app, 'package.json'), 'utf8'));
  const dependencies = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  const folders = workspaceFolders(root);
  const workspaces = dependencies.flatMap((name) => (folders.has(name) ? [folders.get(name)] : []));
  return [
    path.join(root, app, 'src'),
    path.join(root, app, 'webpack.config.js'),
    path.join(root, app, FIRST_SCREEN_CONFIG),
    ...workspaces.map((folder) => path.join(root, folder)),
    // Each app's federation name, exposed module and port (webpack/index.js).
    path.join(root, 'workspaces.json'),
    path.join(root, 'package-lock.json'),
  ];
}

/** The build's outputs: the federation manifest, and the first-screen renderer when it has one. */
export function outputsOf(app, root) {
  const outputs = [path.join(root, app, 'dist', 'mf-manifest.json')];
  if (existsSync(path.join(root, app, FIRST_SCREEN_CONFIG))) {
    outputs.push(path.join(root, app, 'dist-first-screen', 'first-screen.js'));
  }
  return outputs;
}

/**
 * Built, and built after its last source changed. `outputs`: the files the build writes (an
 * app's by default; the server's is its compiled entry).
 */
export function isBuilt(app, root, outputs = outputsOf(app, root)) {
  const builtAt = Math.min(...outputs.map(newestMtime));
  return builtAt > 0 && sourcesOf(app, root).every((source) => newestMtime(source) < builtAt);
}
