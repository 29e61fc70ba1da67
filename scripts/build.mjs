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

function isBuilt(app) {
  const builtAt = newestMtime(path.join(root, app, 'dist', 'mf-manifest.json'));
  const sources = [
    path.join(root, app, 'src'),
    path.join(root, app, 'webpack.config.js'),
    path.join(root, 'webpack'),
    path.join(root, 'shared-contracts', 'src'),
    path.join(root, 'package-lock.json'),
  ];
  return builtAt > 0 && sources.every((source) => newestMtime(source) < builtAt);
}

let built = 0;
for (const app of APPS) {
  if (ifNeeded && isBuilt(app)) continue;
  console.log(`building ${app} ...`);
  const result = spawnSync(
    'npx',
    ['webpack', '--mode', 'production', '--stats', 'errors-warnings'],
    {
      cwd: path.join(root, app),
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    console.error(`the build of ${app} failed`);
    process.exit(result.status ?? 1);
  }
  built += 1;
}
if (built > 0 || !ifNeeded) await printShareRouteSize();
