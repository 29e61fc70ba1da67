// Builds the shell and every remote for production.
//   node scripts/build.mjs              build everything
//   node scripts/build.mjs --if-needed  build only the apps whose sources changed since their build
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from './apps.mjs';
import { printShareRouteSize } from './bundle-size.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ifNeeded = process.argv.includes('--if-needed');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    stat.mtimeMs,
  );
}

/** An app's server-side renderer of the share page's first screen, when it has one. */
const FIRST_SCREEN_CONFIG = 'webpack.first-screen.config.js';
const hasFirstScreen = (app) => existsSync(path.join(root, app, FIRST_SCREEN_CONFIG));

function isBuilt(app) {
  const outputs = [path.join(root, app, 'dist', 'mf-manifest.json')];
  if (hasFirstScreen(app))
    outputs.push(path.join(root, app, 'dist-first-screen', 'first-screen.js'));
  const builtAt = Math.min(...outputs.map(newestMtime));
  const sources = [
    path.join(root, app, 'src'),
    path.join(root, app, 'webpack.config.js'),
    path.join(root, app, FIRST_SCREEN_CONFIG),
    path.join(root, 'webpack'),
    path.join(root, 'shared-contracts', 'src'),
    path.join(root, 'package-lock.json'),
  ];
  return builtAt > 0 && sources.every((source) => newestMtime(source) < builtAt);
}

function webpack(app, extraArgs) {
  const result = spawnSync(
    'npx',
    ['webpack', '--mode', 'production', '--stats', 'errors-warnings', ...extraArgs],
    { cwd: path.join(root, app), stdio: 'inherit' },
  );
  if (result.status !== 0) {
    console.error(`the build of ${app} failed`);
    process.exit(result.status ?? 1);
  }
}

let built = 0;
for (const app of APPS) {
  if (ifNeeded && isBuilt(app)) continue;
  console.log(`building ${app} ...`);
  webpack(app, []);
  if (hasFirstScreen(app)) webpack(app, ['--config', FIRST_SCREEN_CONFIG]);
  built += 1;
}
if (built > 0 || !ifNeeded) await printShareRouteSize();
