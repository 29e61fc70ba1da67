// Builds the shell and every remote for production, and compiles the server.
//   node scripts/build.mjs              build everything
//   node scripts/build.mjs --if-needed  build only the apps whose sources changed since their build
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from './workspaces.mjs';
import { FIRST_SCREEN_CONFIG, isBuilt } from './build-sources.mjs';
import { printShareRouteSize } from './bundle-size.mjs';
import { buildServer, SERVER_ENTRY } from './build-server.mjs';
import { prepareMessages } from './messages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ifNeeded = process.argv.includes('--if-needed');

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

const hasFirstScreen = (app) => existsSync(path.join(root, app, FIRST_SCREEN_CONFIG));

// The texts' catalogs first: the apps import them compiled (scripts/messages.mjs).
prepareMessages({ extract: true });

let built = 0;
for (const app of APPS) {
  if (ifNeeded && isBuilt(app, root)) continue;
  console.log(`building ${app} ...`);
  webpack(app, []);
  if (hasFirstScreen(app)) webpack(app, ['--config', FIRST_SCREEN_CONFIG]);
  built += 1;
}
// The server before the report, which serves the built apps with it.
const serverStale = !ifNeeded || !isBuilt('server', root, [path.join(root, SERVER_ENTRY)]);
if (serverStale) {
  console.log('compiling the server ...');
  await buildServer(root);
}
if (built > 0 || serverStale) await printShareRouteSize();
