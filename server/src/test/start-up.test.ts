import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { describe, it } from 'node:test';
import { readEnv, REPO_ROOT } from '../config/env';

/** A production configuration that lacks nothing but what a case takes away. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_ORIGIN: 'https://share.example',
  MASTER_SECRET: 'a-production-master-secret-of-at-least-32-characters',
  IDENTITY_PROVIDER: 'firebase',
  FIREBASE_PROJECT_ID: 'nimbus-prod',
  FIREBASE_API_KEY: 'a-public-web-api-key',
  DATABASE_URL: 'postgres://nimbus:secret@db.example:5432/nimbus',
};

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the server with `env`; what it printed on stderr, its exit code and how long it ran. */
function startServer(env: NodeJS.ProcessEnv) {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', ...env },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
  return new Promise<{ code: number | null; stderr: string; seconds: number }>((resolve) => {
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: stderr.trim(), seconds: (Date.now() - started) / 1000 });
    });
  });
}

describe('starting in production', () => {
  it('needs DATABASE_URL, unless the embedded database is chosen by name', () => {
    const withoutDatabase = { ...PRODUCTION, DATABASE_URL: '' };
    assert.throws(() => readEnv(withoutDatabase), /DATABASE_URL is required in production/);
    const embedded = readEnv({ ...withoutDatabase, ENABLE_EMBEDDED_DATABASE: '1' });
    assert.equal(embedded.databaseUrl, null);
    assert.equal(readEnv(PRODUCTION).databaseUrl, PRODUCTION.DATABASE_URL);
    assert.equal(readEnv({}).databaseUrl, null, 'development runs the embedded one by default');
  });

  it('reads SHED_LOOP_DELAY_MS, half a second unless set, and names it when out of bounds', () => {
    assert.equal(readEnv({}).shedLoopDelayMs, 500);
    assert.equal(readEnv({ SHED_LOOP_DELAY_MS: '2000' }).shedLoopDelayMs, 2000);
    assert.throws(
      () => readEnv({ SHED_LOOP_DELAY_MS: '0' }),
      /SHED_LOOP_DELAY_MS must be a number from 50 to 600000/,
    );
  });

  it('names LOG_LEVEL when it is not a level', () => {
    assert.throws(() => readEnv({ LOG_LEVEL: 'verbose' }), /LOG_LEVEL must be one of trace, /);
    assert.equal(readEnv({ LOG_LEVEL: 'warn' }).logLevel, 'warn');
    assert.equal(readEnv({}).logLevel, 'info');
  });

  it('says in one line that the database cannot be reached, within its wait', async () => {
    const port = await closedPort();
    const { code, stderr, seconds } = await startServer({
      ...PRODUCTION,
      DATABASE_URL: `postgres://nimbus:hunter2@127.0.0.1:${port}/nimbus`,
    });
    assert.equal(code, 1, stderr);
    const [first] = stderr.split('\n');
    assert.match(
      first ?? '',
      new RegExp(
        `^The server cannot start: DATABASE_URL: cannot reach 127\\.0\\.0\\.1:${port}/nimbus within 8 s \\(.*ECONNREFUSED.*\\)\\.$`,
      ),
    );
    assert.doesNotMatch(stderr, /hunter2/, 'never its password');
    assert.doesNotMatch(stderr, /^\s+at /m, 'no stack trace');
    // 8 s of waiting, plus loading TypeScript here (production runs the compiled server).
    assert.ok(seconds < 30, `${seconds} s`);
  });

  it('says in one line that a bad LOG_LEVEL is wrong', async () => {
    const { code, stderr } = await startServer({ ...PRODUCTION, LOG_LEVEL: 'verbose' });
    assert.equal(code, 1, stderr);
    assert.match(
      stderr,
      /^The server cannot start: LOG_LEVEL must be one of .* \(it is "verbose"\)\./,
    );
    assert.doesNotMatch(stderr, /^\s+at /m);
  });

  it(
    'says in one line that PostgreSQL refused the connection',
    { skip: !process.env.TEST_DATABASE_URL && 'PostgreSQL only (TEST_DATABASE_URL)' },
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = '/nimbus_no_such_database';
      const { code, stderr } = await startServer({ ...PRODUCTION, DATABASE_URL: url.toString() });
      assert.equal(code, 1, stderr);
      assert.match(
        stderr,
        /^The server cannot start: DATABASE_URL: .*\/nimbus_no_such_database refused the connection \(database "nimbus_no_such_database" does not exist\)\./,
      );
    },
  );
});
