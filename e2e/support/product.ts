import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type ProductServerModule = typeof import('../../scripts/product-server.mjs');

export interface RunningProduct {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * scripts/product-server.mjs is ESM and the specs are compiled to CommonJS: it is loaded with a
 * native dynamic import at run time.
 */
function productServer(): Promise<ProductServerModule> {
  const url = pathToFileURL(path.join(__dirname, '..', '..', 'scripts', 'product-server.mjs')).href;
  const load = new Function('url', 'return import(url)') as (
    url: string,
  ) => Promise<ProductServerModule>;
  return load(url);
}

/**
 * Like `startProduct` of scripts/product-server.mjs (same command, free port, fresh data folder),
 * with a longer wait: a first start seeds 10,000 rows, which takes over a minute on two busy
 * cores while other tests run.
 */
export async function startProduct(options: {
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<RunningProduct> {
  const { freePort, serverCommand, repoRoot } = await productServer();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nimbus-data-'));
  const { command, args } = serverCommand();
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...options.env,
    },
    stdio: 'ignore',
  });
  const url = `http://localhost:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/config.json`)).ok) return { url, port, dataDir, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer at ${url}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
