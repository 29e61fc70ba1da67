/**
 * One attacker never spends what every visitor shares (issue 46): a flood of one kind of work
 * fills its own compartment (a bulkhead), readiness is asked on a connection of its own, an
 * instance whose pool is queueing sheds load with 503 and Retry-After instead of hanging, and
 * slow or oversized requests are cut off. The pool's cases need PostgreSQL (the second half of
 * the server tests); PGlite is one connection anyway.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { REQUEST_TIMEOUTS } from '../app';
import { POOL_SIZE } from '../db/client';
import { ApiError } from '../lib/api-error';
import { Bulkhead } from '../lib/bulkhead';
import { EXTRACT_CODE_BULKHEAD } from '../extract-code/guard-of-instance';
import { LOAD_SHEDDING } from '../plugins/external/under-pressure';
import { call, createTestApp, shareRefOf, type TestContext } from './helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('a bulkhead', () => {
  it('runs its limit at once, queues the next ones, refuses past its line with 503 and Retry-After', async () => {
    const refused: string[] = [];
    const bulkhead = new Bulkhead(
      'test',
      { concurrency: 2, queue: 2, queueTimeoutMs: 5000 },
      (name) => refused.push(name),
    );
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const work = () =>
      bulkhead.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running -= 1;
      });
    const runs = Array.from({ length: 5 }, () =>
      work().then(
        () => 'done',
        (error: unknown) => error,
      ),
    );
    await sleep(10);
    assert.deepEqual(bulkhead.load, { running: 2, waiting: 2 });
    const fifth = await runs[4];
    assert.ok(fifth instanceof ApiError);
    assert.equal(fifth.code, 5003);
    assert.equal(fifth.retryAfterSeconds, 1);
    assert.deepEqual(refused, ['test']);
    // Each finished run hands its place to the next in line: never more than two at once.
    while (release.length > 0 || bulkhead.load.running > 0) {
      release.shift()?.();
      await sleep(1);
    }
    assert.deepEqual(await Promise.all(runs.slice(0, 4)), ['done', 'done', 'done', 'done']);
    assert.equal(most, 2);
  });

  it("lets each key's line take its turn: a flooded key never stands in front of another", async () => {
    const bulkhead = new Bulkhead('test', {
      concurrency: 1,
      queue: 10,
      queuePerKey: 4,
      queueTimeoutMs: 5000,
    });
    const order: string[] = [];
    const release: Array<() => void> = [];
    const work = (name: string, key: string) =>
      bulkhead.run(async () => {
        order.push(name);
        await new Promise<void>((resolve) => release.push(resolve));
      }, key);
    const runs = ['a1', 'a2', 'a3', 'a4', 'a5'].map((name) =>
      work(name, 'flooded').catch(() => 'refused'),
    );
    runs.push(work('b1', 'other'));
    await sleep(10);
    // a1 runs, a2 to a5 wait (its line's limit), b1 waits in a line of its own.
    while (release.length > 0 || bulkhead.load.running > 0) {
      release.shift()?.();
      await sleep(1);
    }
    await Promise.all(runs);
    assert.deepEqual(order, ['a1', 'a2', 'b1', 'a3', 'a4', 'a5']);
  });

  it('refuses a run that waited in line too long', async () => {
    const bulkhead = new Bulkhead('test', { concurrency: 1, queue: 5, queueTimeoutMs: 50 });
    const long = bulkhead.run(() => sleep(300));
    const started = Date.now();
    await assert.rejects(
      bulkhead.run(async () => undefined),
      ApiError,
    );
    assert.ok(Date.now() - started < 250);
    await long;
    assert.deepEqual(bulkhead.load, { running: 0, waiting: 0 });
  });
});

describe('the shared database pool under a flood', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestApp();
  });
  after(async () => {
    await ctx.close();
  });

  it('answers readiness on its own connection while every pooled connection is busy', async (t) => {
    if (!onPostgres) return t.skip('PGlite has one connection; runs on PostgreSQL');
    assert.equal((await ctx.app.inject('/readyz')).statusCode, 200);
    const busy = Array.from({ length: POOL_SIZE }, () =>
      ctx.app.db.execute(sql`select pg_sleep(2)`),
    );
    await sleep(200);
    const started = Date.now();
    const ready = await ctx.app.inject('/readyz');
    assert.equal(ready.statusCode, 200);
    assert.ok(Date.now() - started < 500, `readiness took ${Date.now() - started} ms`);
    await Promise.all(busy);
  });

  it("keeps other shares' calls quick while one share's codes flood in from 300 networks", async (t) => {
    if (!onPostgres) return t.skip('PGlite has one connection; runs on PostgreSQL');
    const attacked = await shareRefOf(ctx.app, 'demo-private');
    const other = await shareRefOf(ctx.app, 'demo-public');
    const flood = Array.from({ length: 300 }, (_, index) =>
      call(
        ctx.app,
        '/share/detail',
        { ...attacked, extract_code: `f${index}` },
        { ip: `198.18.${Math.floor(index / 250)}.${index % 250}` },
      ),
    );
    // Meanwhile a visitor of another share opens it, page after page.
    const latencies: number[] = [];
    for (let page = 0; page < 10; page += 1) {
      const started = Date.now();
      const { envelope } = await call(ctx.app, '/share/detail', { ...other, extract_code: '' });
      latencies.push(Date.now() - started);
      assert.equal(envelope.code, 0);
    }
    const codes = (await Promise.all(flood)).map((answer) => answer.envelope.code);
    t.diagnostic(
      `other share's calls: ${latencies.join(', ')} ms; flood answers ${new Set(codes)}`,
    );
    assert.ok(Math.max(...latencies) < 1000);
    // Each flood try was answered: wrong, asked for a proof, or told to come back in a second.
    assert.ok(codes.every((code) => [4002, 4030, 5003].includes(code)));
    assert.ok(EXTRACT_CODE_BULKHEAD.concurrency < POOL_SIZE);
  });

  it('sheds load with 503 and Retry-After while the pool queues, and says so on /readyz', async (t) => {
    if (!onPostgres) return t.skip('PGlite has no pool; runs on PostgreSQL');
    const queued = Array.from({ length: POOL_SIZE + LOAD_SHEDDING.maxPoolWaiting + 10 }, () =>
      ctx.app.db.execute(sql`select pg_sleep(1.5)`).catch(() => undefined),
    );
    // The pool's queue is read every half second.
    await sleep(LOAD_SHEDDING.sampleIntervalMs * 2);
    const shed = await call(ctx.app, '/share/info', { share_url: 'demo-public' });
    assert.equal(shed.status, 503);
    assert.equal(shed.envelope.code, 5003);
    assert.equal(shed.headers['retry-after'], '1');
    const page = await ctx.app.inject('/s/demo-public');
    assert.equal(page.statusCode, 503);
    const ready = await ctx.app.inject('/readyz');
    assert.equal(ready.statusCode, 200, 'still in rotation: it serves what it can');
    assert.equal(ready.json<{ status: string; shedding?: boolean }>().status, 'degraded');
    assert.equal((await ctx.app.inject('/healthz')).statusCode, 200);
    assert.equal((await ctx.app.inject('/metrics')).statusCode, 200);
    await Promise.all(queued);
    await sleep(LOAD_SHEDDING.sampleIntervalMs * 2);
    const after = await call(ctx.app, '/share/info', { share_url: 'demo-public' });
    assert.equal(after.envelope.code, 0, 'back by itself');
  });
});

describe('a late event loop', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestApp({ shedLoopDelayMs: 50 });
  });
  after(async () => {
    await ctx.close();
  });

  it('sheds load with 503 while its turns come later than SHED_LOOP_DELAY_MS, and recovers', async () => {
    assert.equal((await call(ctx.app, '/share/info', { share_url: 'demo-public' })).status, 200);
    // Two seconds of 150 ms tasks: every turn of the loop comes about 150 ms late.
    const until = Date.now() + 2000;
    await new Promise<void>((resolve) => {
      const busy = () => {
        const end = Date.now() + 150;
        while (Date.now() < end);
        if (Date.now() < until) setTimeout(busy, 0);
        else resolve();
      };
      busy();
    });
    const shed = await call(ctx.app, '/share/info', { share_url: 'demo-public' });
    assert.equal(shed.status, 503);
    assert.equal(shed.envelope.code, 5003);
    assert.equal(shed.headers['retry-after'], '1');
    assert.equal((await ctx.app.inject('/healthz')).statusCode, 200, 'never shed');
    await sleep(LOAD_SHEDDING.sampleIntervalMs * 3);
    const after = await call(ctx.app, '/share/info', { share_url: 'demo-public' });
    assert.equal(after.envelope.code, 0, 'back by itself');
  });
});

describe('slow and oversized requests', () => {
  let ctx: TestContext;
  let port = 0;
  before(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  after(async () => {
    await ctx.close();
  });

  /** Opens a connection that sends `first`, then a byte a second; resolves when it is closed. */
  function trickle(first: string): Promise<{ closedAfterMs: number; answer: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      let answer = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(first));
      const drip = setInterval(() => socket.write('x'), 1000);
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(drip);
        resolve({ closedAfterMs: Date.now() - started, answer });
      });
    });
  }

  it('cuts off a client that trickles its headers or its body (slowloris)', async () => {
    const bound = REQUEST_TIMEOUTS.requestMs + REQUEST_TIMEOUTS.checkEveryMs + 1000;
    const [headers, body] = await Promise.all([
      trickle('GET /s/demo-public HTTP/1.1\r\nHost: localhost\r\nX-Slow: '),
      trickle(
        'POST /api/share/info HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
      ),
    ]);
    assert.ok(
      headers.closedAfterMs <= REQUEST_TIMEOUTS.headersMs + 2500,
      `${headers.closedAfterMs} ms`,
    );
    assert.ok(body.closedAfterMs <= bound, `${body.closedAfterMs} ms`);
    // Meanwhile, and after, everyone else is served.
    const info = await fetch(`http://127.0.0.1:${port}/api/share/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ share_url: 'demo-public' }),
    });
    assert.equal(info.status, 200);
  });

  it('refuses a body over the limit at once, without reading it', async () => {
    const started = Date.now();
    const { answer } = await new Promise<{ answer: string }>((resolve) => {
      let text = '';
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          'POST /api/share/info HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n{"share_url":"',
        ),
      );
      socket.on('data', (chunk) => {
        text += chunk.toString();
        if (text.includes('\r\n\r\n')) socket.destroy();
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ answer: text }));
    });
    assert.ok(Date.now() - started < 2000);
    assert.match(answer, /body is too large/);
  });
});
