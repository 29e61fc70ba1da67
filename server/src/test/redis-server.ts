import { spawn, spawnSync } from 'node:child_process';
import { freePort } from './helpers';

/** Whether Debian's redis-server is installed. */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version']).status === 0;
}

/** A throw-away Redis on a free loopback port (no persistence); resolves once it answers. */
export async function startRedisServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const probe = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
    if (probe.stdout?.trim() === 'PONG')
      return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}
