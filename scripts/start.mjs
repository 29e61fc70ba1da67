// `npm start`: builds what is not built yet, then serves the whole product on one origin
// (http://localhost:8080, or PORT) with the embedded database and the demo data.
import { spawn, spawnSync } from 'node:child_process';
import { repoRoot, serverCommand } from './product-server.mjs';

const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], {
  cwd: repoRoot,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const { command, args } = serverCommand();
const server = spawn(command, args, { cwd: repoRoot, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
