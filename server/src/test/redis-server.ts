import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** Whether Debian's redis-server is installed. */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version']).status === 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
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
