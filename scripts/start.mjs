// `npm start`: builds what is not built yet, then serves the whole product on one origin
// (http://localhost:8080, or PORT) with the embedded database and the demo data.
//
// Sign-in is the server's development provider (offline, zero setup). With FIREBASE_EMULATOR=1
// it is Firebase Authentication instead, against a Firebase Auth Emulator this script starts
// (port 9099, or FIREBASE_EMULATOR_PORT).
import { spawn, spawnSync } from 'node:child_process';
import { EMULATOR_PROJECT_ID, startFirebaseEmulator } from './firebase-emulator.mjs';
import { repoRoot, serverCommand } from './product-server.mjs';

const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], {
  cwd: repoRoot,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const env = { ...process.env };
let emulator = null;
if (process.env.FIREBASE_EMULATOR === '1') {
  const port = Number(process.env.FIREBASE_EMULATOR_PORT ?? 9099);
  emulator = await startFirebaseEmulator({ port });
  console.log(`Firebase Auth Emulator (${EMULATOR_PROJECT_ID}) at ${emulator.url}`);
  Object.assign(env, {
    IDENTITY_PROVIDER: 'firebase',
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  });
}

const { command, args } = serverCommand();
const server = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code) => {
  await emulator?.stop();
  process.exit(code ?? 0);
});
