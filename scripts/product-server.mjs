// Starts the product the way `npm start` does (built apps + server) on a free port, for the
// end-to-end tests, the bundle report and the benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The compiled server (scripts/build-server.mjs): plain JavaScript, no TypeScript at start-up. */
export function serverCommand() {
  return {
    command: process.execPath,
    args: ['--enable-source-maps', path.join(repoRoot, 'server/dist/server.mjs')],
  };
}

async function waitUntilUp(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/config.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the server on a free port with a fresh data folder; resolves once it answers. A first
 * start seeds 10,000 rows, which takes over a minute on two busy cores: hence the long wait.
 * `server` runs another checkout's server instead (the benchmark's `--before`). The data folder
 * is of this run only: it goes when the server stops, and a script that ends without `stop()`
 * stops its server too (a forgotten one would slow every later measurement on the machine).
 */
export async function startProduct({
  env = {},
  quiet = true,
  timeoutMs = 180_000,
  server = serverCommand(),
} = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nimbus-data-'));
  const child = spawn(server.command, server.args, {
    cwd: server.cwd ?? repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: quiet ? 'ignore' : 'inherit',
  });
  const removeData = () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  const stopWithScript = () => {
    child.kill('SIGTERM');
    removeData();
  };
  process.on('exit', stopWithScript);
  child.once('exit', () => {
    process.off('exit', stopWithScript);
    removeData();
  });
  const url = `http://localhost:${port}`;
  try {
    await waitUntilUp(url, child, timeoutMs);
  } catch (error) {
    child.kill();
    throw error;
  }
  return {
    url,
    port,
    dataDir,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
