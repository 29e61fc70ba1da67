/**
 * Several instances on one database (issue 19): started at the same moment, sharing what must be
 * shared, each dropping what it cached of a share within a second of the share's change.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as pause } from 'node:timers/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { ResponseCode, type SharedItem } from 'shared-contracts';
import type { ShareAnswersInPage } from 'shared-contracts/page';
import { SHARE_ANSWERS_ELEMENT_ID } from 'shared-contracts/page';
import { buildApp } from '../app';
import { REPO_ROOT } from '../config/env';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { shares } from '../db/schema';
import {
  builtShellFixture,
  call,
  freePort,
  openTestDatabase,
  shareRefOf,
  testEnv,
} from './helpers';

function answersOf(html: string): ShareAnswersInPage | null {
  const match = new RegExp(
    `<script type="application/json" id="${SHARE_ANSWERS_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as ShareAnswersInPage) : null;
}

describe('two instances on one database', () => {
  let primary: DatabaseHandle;
  let secondary: DatabaseHandle | null = null;
  let first: FastifyInstance;
  let second: FastifyInstance;

  before(async () => {
    primary = await openTestDatabase();
    // On PostgreSQL each instance has its own pool and its own LISTEN connection, as two
    // processes would; PGlite is one process, whose instances share its one connection.
    const url = (primary.pool?.options as { connectionString?: string } | undefined)
      ?.connectionString;
    if (url) secondary = await openDatabase({ databaseUrl: url, dataDir: null });
    const staticRoot = builtShellFixture();
    first = await buildApp(testEnv({ staticRoot }), { database: primary, logger: false });
    second = await buildApp(testEnv({ staticRoot }), {
      database: secondary ?? primary,
      logger: false,
    });
  });
  after(async () => {
    await first.close();
    await second.close();
    await secondary?.close();
    await primary.close();
  });

  it('refuses a canceled share on every instance within a second', async () => {
    const share = await shareRefOf(first, 'demo-public');
    const mediaOf = async (app: FastifyInstance) => {
      const { envelope } = await call(app, '/share/detail', { ...share, extract_code: '' });
      const thumb = envelope.data.file_list.find((item: SharedItem) => item.thumb_url)?.thumb_url;
      assert.ok(thumb);
      return new URL(thumb).pathname;
    };
    // Both instances have read the share: its info, its list, its page, its media's status.
    const media = await mediaOf(first);
    for (const app of [first, second]) {
      await mediaOf(app);
      assert.equal((await app.inject(media)).statusCode, 200);
      assert.equal(answersOf((await app.inject('/s/demo-public')).body)?.info.status, 1);
    }

    // Canceled by another writer than either instance (the sharer's app, an operator).
    const writer = new pg.Pool({
      connectionString: (primary.pool?.options as { connectionString?: string } | undefined)
        ?.connectionString,
    });
    const canceledAt = Date.now();
    if (primary.kind === 'postgres') {
      await writer.query('update shares set status = 2 where id = $1', [share.share_id]);
    } else {
      await primary.db.update(shares).set({ status: 2 }).where(eq(shares.id, share.share_id));
    }
    await writer.end();

    const refusedEverywhere = async () => {
      for (const app of [first, second]) {
        const info = await call(app, '/share/info', { share_url: 'demo-public' });
        const detail = await call(app, '/share/detail', { ...share, extract_code: '' });
        const page = answersOf((await app.inject('/s/demo-public')).body);
        const mediaStatus = (await app.inject(media)).statusCode;
        if (info.envelope.data.status !== 2 || detail.envelope.code !== 4004) return false;
        if (page?.info.status !== 2 || page.root_list !== null || mediaStatus !== 403) return false;
      }
      return true;
    };
    while (!(await refusedEverywhere())) {
      assert.ok(Date.now() - canceledAt < 1000, 'still served a second after the cancellation');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await primary.db.update(shares).set({ status: 1 }).where(eq(shares.id, share.share_id));
  });

  it('answers a repeat visit of an unchanged page with 304', async () => {
    const page = await first.inject('/s/demo-empty');
    const etag = String(page.headers.etag);
    assert.match(etag, /^"[\w-]+"$/);
    assert.equal((await second.inject('/s/demo-empty')).headers.etag, etag, 'the same page');
    const repeat = await first.inject({ url: '/s/demo-empty', headers: { 'if-none-match': etag } });
    assert.equal(repeat.statusCode, 304);
    assert.equal(repeat.body, '');
  });
});

describe('instances started at the same moment', () => {
  const servers: ChildProcess[] = [];
  after(() => {
    for (const server of servers) server.kill('SIGKILL');
  });

  interface Instance {
    port: number;
    child: ChildProcess;
    exited: Promise<number>;
    stderr(): string;
  }

  async function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    servers.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number>((resolve) =>
      child.once('exit', (code) => resolve(code ?? 1)),
    );
    return { port, child, exited, stderr: () => stderr };
  }

  async function ready(port: number, deadline: number): Promise<boolean> {
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return true;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  }

  it(
    'all come up on a fresh PostgreSQL database, two and then three at once',
    { timeout: 300_000 },
    async (t) => {
      const adminUrl = process.env.TEST_DATABASE_URL;
      if (!adminUrl) {
        t.skip('needs PostgreSQL (scripts/test-postgres.sh runs it)');
        return;
      }
      for (const count of [2, 3]) {
        const name = `nimbus_start_${randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const databaseUrl: URL = new URL(adminUrl);
        databaseUrl.pathname = `/${name}`;
        const instances: Instance[] = await Promise.all(
          Array.from({ length: count }, () =>
            startInstance({ DATABASE_URL: databaseUrl.toString() }),
          ),
        );
        const deadline = Date.now() + 240_000;
        const up = await Promise.all(instances.map((instance) => ready(instance.port, deadline)));
        assert.deepEqual(
          up,
          instances.map(() => true),
          instances.map((instance) => instance.stderr()).join('\n'),
        );
        // Three processes starting on a busy machine may shed load for a moment (5003, with a
        // Retry-After): a visitor's client tries again, and so does this one.
        let code: number = ResponseCode.ServiceUnavailable;
        while (code === ResponseCode.ServiceUnavailable && Date.now() < deadline) {
          const info = await fetch(`http://127.0.0.1:${instances[0]?.port}/api/share/info`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ share_url: 'demo-public' }),
          });
          code = ((await info.json()) as { code: number }).code;
          if (code === ResponseCode.ServiceUnavailable) await pause(1000);
        }
        assert.equal(code, 0, 'seeded once, readable');
        for (const instance of instances) instance.child.kill('SIGTERM');
        await Promise.all(instances.map((instance) => instance.exited));
      }
    },
  );

  it(
    'refuses a second process on one embedded database folder, saying why',
    { timeout: 240_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-twice-'));
      try {
        const firstInstance = await startInstance({ DATA_DIR: dataDir });
        assert.ok(await ready(firstInstance.port, Date.now() + 200_000), firstInstance.stderr());
        const secondInstance = await startInstance({ DATA_DIR: dataDir });
        assert.equal(await secondInstance.exited, 1);
        assert.match(secondInstance.stderr(), /DATA_DIR .* is in use by process \d+/);
        assert.ok(
          (await fetch(`http://127.0.0.1:${firstInstance.port}/readyz`)).ok,
          'the first runs on',
        );
        firstInstance.child.kill('SIGTERM');
        await firstInstance.exited;
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
