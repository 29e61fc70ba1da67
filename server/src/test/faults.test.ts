/**
 * The server through its own infrastructure's faults (issue 27,
 * docs/operations/faults-and-chaos.md, "When a dependency fails"): a PostgreSQL that restarts or
 * ends every idle connection, a lost LISTEN connection whose reconnect is refused, a stalled,
 * killed or misconfigured Redis, and media links of a file removed from its share. PostgreSQL and
 * Redis are Debian's, started here for real.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import {
  hasRedisServer,
  postgresBinDir,
  startPostgres,
  startRedis,
  type LocalPostgres,
} from '../../../scripts/local-services.mjs';
import { buildApp } from '../app';
import { MEDIA_ROOT } from '../config/env';
import { ConfigError } from '../config/env-values';
import { retryReadsOnLostConnections } from '../db/read-retry';
import { cloudFiles, shareItems } from '../db/schema';
import { call, createTestApp, login, shareRefOf, testEnv, type TestContext } from './helpers';

interface Readiness {
  status: string;
  dependencies: Record<string, { up: boolean; reason: string | null }>;
}

const readiness = async (app: FastifyInstance) => {
  const response = await app.inject('/readyz');
  return { statusCode: response.statusCode, ...response.json<Readiness>() };
};

/** Polls until `check` holds; resolves with the milliseconds it took, rejects after `timeoutMs`. */
async function within(what: string, timeoutMs: number, check: () => Promise<boolean>) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

const statusOf = async (app: FastifyInstance, code: string) =>
  (await call(app, '/share/info', { share_url: code })).envelope.data?.status;

describe('media links that stop with their file', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestApp();
  });
  after(async () => {
    await ctx.close();
  });

  it("stops a removed file's link within a second, thumbnail and download alike", async () => {
    const share = await shareRefOf(ctx.app, 'demo-public');
    const { envelope } = await call(ctx.app, '/share/detail', { ...share, extract_code: '' });
    const photo = envelope.data.file_list.find((item) => item.name === 'mountains.jpg');
    assert.ok(photo);
    const links = [photo.thumb_url, photo.download_url].map((url) => new URL(url).pathname);
    for (const link of links) assert.equal((await ctx.app.inject(link)).statusCode, 200);

    await ctx.app.db.delete(shareItems).where(eq(shareItems.id, photo.id));
    await within('the removed file is refused', 1000, async () => {
      const answers = await Promise.all(links.map((link) => ctx.app.inject(link)));
      return answers.every((answer) => answer.statusCode === 403);
    });
    // Another file of the same share still plays.
    const other = envelope.data.file_list.find((item) => item.name === 'City Clip.mp4');
    assert.ok(other);
    assert.equal((await ctx.app.inject(new URL(other.download_url).pathname)).statusCode, 200);
  });

  it("serves an HLS link its preview playlist's segments only, whatever their type", async () => {
    // A video cut into .ts segments, with a full .mp4, an .m4s and a .ts past the cut beside them.
    const folder = `video/hls-faults-${process.pid}/`;
    const root = path.join(MEDIA_ROOT, folder);
    mkdirSync(root, { recursive: true });
    try {
      const segments = Array.from({ length: 8 }, (_, index) => `part-${index}.ts`);
      writeFileSync(
        path.join(root, 'index.m3u8'),
        [
          '#EXTM3U',
          '#EXT-X-VERSION:3',
          '#EXT-X-TARGETDURATION:10',
          ...segments.flatMap((name) => ['#EXTINF:10.0,', name]),
          '#EXT-X-ENDLIST',
          '',
        ].join('\n'),
      );
      for (const name of [...segments, 'full.mp4', 'extra.m4s']) {
        writeFileSync(path.join(root, name), `bytes of ${name}`);
      }
      const share = await shareRefOf(ctx.app, 'demo-public');
      const [item] = await ctx.app.db
        .insert(shareItems)
        .values({
          shareId: share.share_id,
          parentId: null,
          name: 'Segments.mp4',
          isFolder: false,
          mediaType: 2,
          mediaPath: folder,
          previewPath: '',
          thumbPath: '',
          isM3u8: true,
          duration: 80,
          totalSize: 1000,
          createTime: 0,
          updateTime: 0,
        })
        .returning();
      assert.ok(item);
      let download = '';
      await within('the new video is listed', 1000, async () => {
        const { envelope } = await call(ctx.app, '/share/detail', {
          ...share,
          extract_code: '',
          page: { current_page: 1, page_size: 100 },
        });
        download =
          envelope.data.file_list.find((entry) => entry.id === item.id)?.download_url ?? '';
        return download !== '';
      });
      const playlistPath = new URL(download).pathname;
      const playlist = await ctx.app.inject(playlistPath);
      assert.equal(playlist.statusCode, 200);
      assert.match(playlist.body, /part-5\.ts/);
      assert.doesNotMatch(playlist.body, /part-6\.ts/, 'cut at 60 seconds');
      const base = playlistPath.replace(/preview\.m3u8$/, '');
      const first = await ctx.app.inject(`${base}part-0.ts`);
      assert.equal(first.statusCode, 200);
      assert.equal(first.headers['content-type'], 'video/mp2t');
      for (const beside of ['part-6.ts', 'part-7.ts', 'full.mp4', 'extra.m4s', 'index.m3u8']) {
        assert.equal((await ctx.app.inject(`${base}${beside}`)).statusCode, 403, beside);
      }
      // The token is this item's: it opens no other file of the share.
      assert.equal(
        (await ctx.app.inject(`${base.replace(folder, '')}audio/tone.mp3`)).statusCode,
        403,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('PostgreSQL faults', () => {
  // Once, in the PostgreSQL half of the server tests (it starts a cluster of its own to restart).
  const skip = !process.env.TEST_DATABASE_URL || !postgresBinDir();
  let postgres: LocalPostgres;
  let app: FastifyInstance;
  let admin: pg.Client;
  let databaseUrl = '';

  before(async () => {
    if (skip) return;
    postgres = await startPostgres();
    const setup = new pg.Client({ connectionString: postgres.url });
    await setup.connect();
    await setup.query('create database nimbus');
    await setup.end();
    const url = new URL(postgres.url);
    url.pathname = '/nimbus';
    databaseUrl = url.toString();
    app = await buildApp(testEnv({ databaseUrl }), { logger: false });
    admin = new pg.Client({ connectionString: postgres.url });
    admin.on('error', () => undefined);
    await admin.connect();
  });
  after(async () => {
    if (skip) return;
    await admin.end().catch(() => undefined);
    await app.close();
    postgres.stop();
  });

  /** Runs SQL on the test's database as another writer (the sharer's app, an operator). */
  const asOperator = async (text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  };
  const setStatus = (code: string, status: number) =>
    asOperator('update shares set status = $1 where code = $2', [status, code]);

  it('survives every idle connection being terminated, and keeps hearing share changes', async (t) => {
    if (skip) return t.skip('runs in the PostgreSQL half of the server tests');
    // Fill the pool with idle connections, and have the share read and cached.
    await Promise.all(Array.from({ length: 8 }, () => statusOf(app, 'demo-public')));
    assert.equal(await statusOf(app, 'demo-public'), 1);
    const ended = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = 'nimbus' and state = 'idle' and pid <> pg_backend_pid()`,
    );
    assert.ok((ended.rowCount ?? 0) >= 2, 'the pool and the LISTEN connection were idle');
    // No crash: the next calls get new connections.
    assert.equal((await call(app, '/share/info', { share_url: 'demo-public' })).envelope.code, 0);
    await setStatus('demo-public', 2);
    const refusedIn = await within('canceled share refused', 2000, async () => {
      return (await statusOf(app, 'demo-public')) === 2;
    });
    t.diagnostic(`canceled share refused after ${refusedIn} ms`);
    await within('ready again', 10_000, async () => (await readiness(app)).status === 'ready');
    await setStatus('demo-public', 1);
    await within(
      'reopened share served',
      2000,
      async () => (await statusOf(app, 'demo-public')) === 1,
    );
  });

  it('sends a read again, and a write not, when its idle connection was ended unseen', async (t) => {
    if (skip) return t.skip('runs in the PostgreSQL half of the server tests');
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    pool.on('error', () => undefined);
    retryReadsOnLostConnections(pool);
    const psql = (statement: string) =>
      execFileSync(path.join(postgresBinDir() ?? '', 'psql'), [
        postgres.url,
        '-qAt',
        '-c',
        statement,
      ]);
    /**
     * Ends the pool's one idle connection while this process is blocked, and waits until its
     * session is gone: the pool hears of it only when the next statement it sends there fails.
     */
    const endIdleConnectionUnseen = async () => {
      const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = Number(rows[0]?.pid);
      psql(`select pg_terminate_backend(${pid})`);
      psql(
        `do $$ begin
           while exists (select 1 from pg_stat_activity where pid = ${pid}) loop
             perform pg_sleep(0.01);
           end loop;
         end $$`,
      );
    };
    try {
      await endIdleConnectionUnseen();
      const read = await pool.query<{ answer: number }>('select 42 as answer');
      assert.equal(read.rows[0]?.answer, 42, 'the read was answered on a new connection');
      await endIdleConnectionUnseen();
      await assert.rejects(
        pool.query(`update shares set status = status where code = 'demo-public'`),
        /terminating connection|Connection terminated/,
        'the write fails: it might have been committed',
      );
    } finally {
      await pool.end();
    }
  });

  it('fails a save whose connection is ended mid-transaction, and lives on to save it once', async (t) => {
    if (skip) return t.skip('runs in the PostgreSQL half of the server tests');
    const { token, user_id } = await login(app, 'mid-save@example.com', 'Mid');
    const share = await shareRefOf(app, 'demo-public');
    const list = await call(app, '/share/detail', { ...share, extract_code: '' });
    const pdf = list.envelope.data.file_list.find((item) => item.name === 'guide.pdf');
    assert.ok(pdf);
    const save = () =>
      call(
        app,
        '/share/save_file',
        { ...share, extract_code: '', folder_id: -1, file_ids: [pdf.id] },
        { token },
      );
    // An operator holds the user's row: the save's transaction waits inside it, on a connection
    // checked out of the pool, until that connection is ended from the server's side.
    const operator = new pg.Client({ connectionString: databaseUrl });
    await operator.connect();
    await operator.query('begin');
    await operator.query('select id from users where id = $1 for update', [user_id]);
    try {
      const saving = save();
      await within('the save waits for the row', 2000, async () => {
        const waiting = await admin.query(
          `select pid from pg_stat_activity where datname = 'nimbus' and wait_event_type = 'Lock'`,
        );
        return (waiting.rowCount ?? 0) > 0;
      });
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = 'nimbus' and wait_event_type = 'Lock'`,
      );
      const failed = await saving;
      assert.equal(failed.status, 503);
      assert.equal(failed.envelope.code, 5003);
    } finally {
      await operator.query('rollback');
      await operator.end();
    }
    // Nothing half-saved, and the instance (not ended by the lost connection) saves it now.
    const saved = await save();
    assert.equal(saved.envelope.code, 0, saved.envelope.msg);
    assert.equal(saved.envelope.data?.saved_count, 1);
    const files = await app.db.select().from(cloudFiles).where(eq(cloudFiles.userId, user_id));
    assert.equal(files.length, 1);
  });

  it('re-subscribes a lost LISTEN connection even when reconnects are refused for a while', async (t) => {
    if (skip) return t.skip('runs in the PostgreSQL half of the server tests');
    assert.equal(await statusOf(app, 'demo-public'), 1);
    // An operator's session, opened before new sessions are refused.
    const operator = new pg.Client({ connectionString: databaseUrl });
    await operator.connect();
    await admin.query('alter database nimbus allow_connections false');
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = 'nimbus' and application_name = 'nimbus-share-changes'`,
      );
      await within('the channel is reported lost', 2000, async () => {
        const ready = await readiness(app);
        return ready.status === 'degraded' && ready.dependencies['share-changes']?.up === false;
      });
      // Canceled while nobody listens (and the channel's reconnects are refused): the share's
      // status is read directly, so it is refused within the promised bound all the same.
      await operator.query(`update shares set status = 2 where code = 'demo-public'`);
      const refusedIn = await within('canceled share refused', 2000, async () => {
        return (await statusOf(app, 'demo-public')) === 2;
      });
      t.diagnostic(`canceled share refused ${refusedIn} ms after the change, channel down`);
      // A few reconnects are refused meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      await admin.query('alter database nimbus allow_connections true');
      await operator.end();
    }
    const backIn = await within('the channel is back', 10_000, async () => {
      return (await readiness(app)).status === 'ready';
    });
    t.diagnostic(`channel back ${backIn} ms after connections were allowed again`);
    // Heard again: changes show at once, and reads are cached again between them.
    await setStatus('demo-public', 1);
    await within('reopened', 1000, async () => (await statusOf(app, 'demo-public')) === 1);
    await setStatus('demo-public', 2);
    await within('canceled again', 1000, async () => (await statusOf(app, 'demo-public')) === 2);
    await setStatus('demo-public', 1);
    await within('reopened again', 1000, async () => (await statusOf(app, 'demo-public')) === 1);
  });

  it('answers 503 with Retry-After while the database is down, and works again by itself', async (t) => {
    if (skip) return t.skip('runs in the PostgreSQL half of the server tests');
    await admin.end();
    await postgres.stopServer();
    try {
      const started = Date.now();
      const answer = await call(app, '/share/info', { share_url: 'demo-public' });
      const took = Date.now() - started;
      assert.equal(answer.status, 503);
      assert.equal(answer.envelope.code, 5003);
      assert.equal(answer.headers['retry-after'], '1');
      assert.ok(took < 3000, `answered in ${took} ms`);
      const ready = await readiness(app);
      assert.equal(ready.statusCode, 503);
      assert.equal(ready.status, 'unavailable');
      const media = await app.inject('/media/t/1.1.99999999999.x/images/photo-1.jpg');
      assert.equal(media.statusCode, 403, 'a forged token is refused before the database');
    } finally {
      await postgres.startServer();
    }
    const backIn = await within('ready again', 10_000, async () => {
      return (await readiness(app)).status === 'ready';
    });
    t.diagnostic(`ready ${backIn} ms after the database was back`);
    assert.equal((await call(app, '/share/info', { share_url: 'demo-public' })).envelope.code, 0);
    admin = new pg.Client({ connectionString: postgres.url });
    admin.on('error', () => undefined);
    await admin.connect();
  });
});

describe('Redis faults', () => {
  // Once, in the first half of the server tests (Redis is the same in both).
  const skip = Boolean(process.env.TEST_DATABASE_URL) || !hasRedisServer();

  it('refuses to start with a password Redis refuses, instead of counting nothing', async (t) => {
    if (skip) return t.skip(hasRedisServer() ? 'runs in the first half' : 'needs redis-server');
    const redis = await startRedis({ password: 'the-right-one' });
    try {
      const wrong = redis.url.replace('the-right-one', 'a-wrong-one');
      await assert.rejects(
        createTestApp({ redisUrl: wrong }),
        (error: unknown) =>
          error instanceof ConfigError &&
          /Redis refuses REDIS_URL's credentials/.test(error.message),
      );
      const right = await createTestApp({ redisUrl: redis.url });
      assert.equal((await readiness(right.app)).status, 'ready');
      await right.close();
    } finally {
      redis.stop();
    }
  });

  it('answers at once while Redis is stalled or dead, limits each instance alone, and recovers', async (t) => {
    if (skip) return t.skip(hasRedisServer() ? 'runs in the first half' : 'needs redis-server');
    const redis = await startRedis();
    const ctx = await createTestApp({ redisUrl: redis.url, rateLimitMax: 4 });
    const ask = async (ip: string) => {
      const started = Date.now();
      const answer = await call(ctx.app, '/share/info', { share_url: 'demo-public' }, { ip });
      return { status: answer.status, took: Date.now() - started };
    };
    try {
      assert.equal((await ask('192.0.2.10')).status, 200);
      redis.pause();
      const stalled = [];
      for (let index = 0; index < 6; index += 1) stalled.push(await ask('192.0.2.11'));
      t.diagnostic(`while stalled: ${stalled.map((answer) => answer.took).join(', ')} ms`);
      assert.ok(
        stalled.every((answer) => answer.took < 1500),
        'no call waits on a stalled Redis',
      );
      // Counted in this process meanwhile: the limit holds, per instance.
      assert.deepEqual(
        stalled.map((answer) => answer.status),
        [200, 200, 200, 200, 429, 429],
      );
      const degraded = await readiness(ctx.app);
      assert.equal(degraded.status, 'degraded');
      assert.equal(degraded.dependencies.redis?.reason, 'not answering in time');

      // Stalled for good, then killed and started again.
      await redis.kill();
      redis.resume();
      assert.ok((await ask('192.0.2.12')).took < 1500);
      await redis.start();
      const backIn = await within('Redis is counted again', 10_000, async () => {
        return (await readiness(ctx.app)).status === 'ready';
      });
      t.diagnostic(`Redis used again ${backIn} ms after it started`);
      for (let index = 0; index < 4; index += 1) {
        assert.equal((await ask('192.0.2.13')).status, 200);
      }
      assert.equal((await ask('192.0.2.13')).status, 429);
    } finally {
      await ctx.close();
      redis.stop();
    }
  });
});
