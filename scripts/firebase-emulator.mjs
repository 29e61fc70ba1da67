// Runs the Firebase Auth Emulator (firebase-tools) for a `demo-` project: offline, no account,
// nothing but the auth emulator (no UI, which would download). Used by the end-to-end tests and
// by `FIREBASE_EMULATOR=1 npm start`.
//
//   node scripts/firebase-emulator.mjs [--port 9099]
//
// The emulator keeps its accounts in memory: every start is empty.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, repoRoot } from './product-server.mjs';

/** The project every local run uses: `demo-` ids never reach a real Firebase project. */
export const EMULATOR_PROJECT_ID = 'demo-nimbus';

const firebaseCli = path.join(
  repoRoot,
  'node_modules',
  'firebase-tools',
  'lib',
  'bin',
  'firebase.js',
);

/**
 * Starts the emulator on `port` (the hub and logging ports are picked free, so several can run);
 * resolves once it answers. `stop()` ends it.
 */
export async function startFirebaseEmulator({ port, quiet = true } = {}) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'nimbus-firebase-'));
  const config = path.join(folder, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: await freePort() },
        logging: { host: '127.0.0.1', port: await freePort() },
        ui: { enabled: false },
      },
    }),
  );
  const child = spawn(
    process.execPath,
    [
      firebaseCli,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      EMULATOR_PROJECT_ID,
      '--config',
      config,
    ],
    {
      cwd: folder,
      // No update check or usage reporting: the machine may be offline.
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_TELEMETRY: 'true' },
      stdio: quiet ? 'ignore' : 'inherit',
    },
  );
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        rmSync(folder, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the Firebase Auth Emulator exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return { url, host: `127.0.0.1:${port}`, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the Firebase Auth Emulator did not answer at ${url} within 60 s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const portFlag = process.argv.indexOf('--port');
  const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 9099;
  const emulator = await startFirebaseEmulator({ port, quiet: false });
  console.log(`Firebase Auth Emulator for ${EMULATOR_PROJECT_ID} at ${emulator.url}`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => emulator.stop().then(() => process.exit(0)));
  }
}
