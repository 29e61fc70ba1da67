import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../app';
import {
  call,
  createTestApp,
  login,
  openTestDatabase,
  shareRefOf,
  testEnv,
  type TestContext,
} from './helpers';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ProofOfWorkChallengeData } from 'shared-contracts';
import { hasRedisServer, startRedis } from '../../../scripts/local-services.mjs';

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(async () => {
  await ctx.close();
});

async function raw(
  payload: string | undefined,
  contentType = 'application/json',
  url = '/api/share/info',
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: payload === undefined ? {} : { 'content-type': contentType },
  });
  return {
    status: response.statusCode,
    body: response.json<{ code: number; msg: string; data: unknown }>(),
  };
}

describe('input validation', () => {
  it('answers 4000 envelopes for malformed, mistyped and unexpected input', async () => {
    const cases: [string | undefined, string][] = [
      ['{bad', 'application/json'],
      ['', 'application/json'],
      [undefined, ''],
      ['{"share_url": 5}', 'application/json'],
      ['{"share_url": "demo-public", "extra": 1}', 'application/json'],
      ['[]', 'application/json'],
      ['null', 'application/json'],
      ['share_url=demo-public', 'application/x-www-form-urlencoded'],
      ['demo-public', 'text/plain'],
      ['{"__proto__": {"x": 1}, "share_url": "a"}', 'application/json'],
      [JSON.stringify({ share_url: 'x'.repeat(300_000) }), 'application/json'],
    ];
    for (const [payload, contentType] of cases) {
      const { status, body } = await raw(payload, contentType);
      assert.equal(status, 200, `${payload?.slice(0, 40)}`);
      assert.equal(body.code, 4000, `${payload?.slice(0, 40)}: ${body.msg}`);
      assert.equal(body.data, null);
      assert.match(body.msg, /^Invalid request/);
    }
  });

  it('rejects strings where numbers belong (no coercion)', async () => {
    const { body } = await raw(
      '{"share_id": "1", "extract_code": ""}',
      'application/json',
      '/api/share/detail',
    );
    assert.equal(body.code, 4000);
  });

  it('answers unknown API paths with a 4004 envelope', async () => {
    const { body } = await raw('{}', 'application/json', '/api/nothing/here');
    assert.equal(body.code, 4004);
    const get = await ctx.app.inject('/api/share/info');
    assert.equal(get.json<{ code: number }>().code, 4004);
  });
});

describe('extract-code brute force', () => {
  it('allows 10 wrong codes per client network in 10 minutes, then 429 with retry_after; other clients still open it', async () => {
    const share = await shareRefOf(ctx.app, 'demo-private');
    const attacker = '203.0.113.7';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const { status, envelope } = await call(
        ctx.app,
        '/share/detail',
        { ...share, extract_code: `x${attempt}` },
        { ip: attacker },
      );
      assert.equal(status, 200);
      assert.equal(envelope.code, 4002);
    }
    const blocked = await call(
      ctx.app,
      '/share/detail',
      { ...share, extract_code: 'zzzz' },
      { ip: attacker },
    );
    assert.equal(blocked.status, 429);
    assert.equal(blocked.envelope.code, 4029);
    const retryAfter = Number(blocked.headers['retry-after']);
    assert.ok(retryAfter > 500 && retryAfter <= 600, `Retry-After ${retryAfter}`);
    assert.deepEqual(blocked.envelope.data, { retry_after: retryAfter });
    const rightButBlocked = await call(
      ctx.app,
      '/share/detail',
      { ...share, extract_code: 'ab12' },
      { ip: attacker },
    );
    assert.equal(rightButBlocked.status, 429, 'a locked client learns nothing about its codes');
    const { token } = await login(ctx.app, 'carol@example.com', 'Carol');
    const saveBlocked = await call(
      ctx.app,
      '/share/save_file',
      { ...share, extract_code: 'ab12', folder_id: -1, file_ids: [1] },
      { ip: attacker, token },
    );
    assert.equal(saveBlocked.status, 429);

    const visitor = await call(
      ctx.app,
      '/share/detail',
      { ...share, extract_code: 'ab12' },
      { ip: '198.51.100.1' },
    );
    assert.equal(visitor.envelope.code, 0);
    const publicShare = await shareRefOf(ctx.app, 'demo-public');
    const other = await call(
      ctx.app,
      '/share/detail',
      { ...publicShare, extract_code: '' },
      { ip: attacker },
    );
    assert.equal(other.envelope.code, 0, 'the limit is per share');
  });

  it('counts a whole IPv6 /64 as one client network', async () => {
    const share = await shareRefOf(ctx.app, 'demo-private');
    for (let host = 1; host <= 10; host += 1) {
      const { envelope } = await call(
        ctx.app,
        '/share/detail',
        { ...share, extract_code: 'nope' },
        { ip: `2001:db8:7:1::${host.toString(16)}` },
      );
      assert.equal(envelope.code, 4002);
    }
    const sameNetwork = await call(
      ctx.app,
      '/share/detail',
      { ...share, extract_code: 'ab12' },
      { ip: '2001:db8:7:1:ffff::9' },
    );
    assert.equal(sameNetwork.status, 429);
    const nextNetwork = await call(
      ctx.app,
      '/share/detail',
      { ...share, extract_code: 'ab12' },
      { ip: '2001:db8:7:2::1' },
    );
    assert.equal(nextNetwork.envelope.code, 0);
  });

  /** Wrong codes from new networks until the share is under attack (a try is asked for a proof). */
  async function attack(share: Awaited<ReturnType<typeof shareRefOf>>) {
    for (let network = 1; network <= 200; network += 1) {
      const { envelope } = await call(
        ctx.app,
        '/share/detail',
        { ...share, extract_code: `w${network}` },
        { ip: `192.0.2.${network}` },
      );
      if (envelope.code === 4030) return;
      assert.equal(envelope.code, 4002);
    }
    assert.fail('the share never came under attack');
  }

  /** What the ALTCHA widget sends back for a 4030 answer's challenge. */
  async function solved(data: unknown) {
    const challenge = (data as ProofOfWorkChallengeData).challenge as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    assert.ok(solution);
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  it("lets a network's typos of the morning stay typos once the share comes under attack", async () => {
    const share = await shareRefOf(ctx.app, 'demo-private');
    const typist = '203.0.113.60';
    const detail = (extract_code: string, altcha?: string) =>
      call(
        ctx.app,
        '/share/detail',
        { ...share, extract_code, ...(altcha ? { altcha } : {}) },
        { ip: typist },
      );
    for (const typo of ['ab13', 'ab21', 'ba12', 'zz12', 'ab14']) {
      assert.equal((await detail(typo)).envelope.code, 4002);
    }
    await attack(share);
    // The right code, with the short check every try now costs: in, not refused for a day.
    const asked = await detail('ab12');
    assert.equal(asked.envelope.code, 4030);
    const right = await detail('ab12', await solved(asked.envelope.data));
    assert.equal(right.envelope.code, 0, right.envelope.msg);
  });

  it('once a share has had its daily budget of wrong codes, each try costs a proof of work, never a day of waiting', async () => {
    const share = await shareRefOf(ctx.app, 'demo-private');
    await attack(share);
    const client = '203.0.113.50';
    const detail = (extract_code: string, altcha?: string) =>
      call(
        ctx.app,
        '/share/detail',
        { ...share, extract_code, ...(altcha ? { altcha } : {}) },
        { ip: client },
      );
    // A typo: the code is tried only once a proof is solved, and is wrong.
    const asked = await detail('nope');
    assert.equal(asked.envelope.code, 4030);
    assert.match(asked.envelope.msg, /short check/);
    const typo = await detail('nope', await solved(asked.envelope.data));
    assert.equal(typo.envelope.code, 4002);
    // The right code next: another proof, and the visitor is in, not locked out for a day.
    const again = await detail('ab12');
    assert.equal(again.envelope.code, 4030);
    const right = await detail('ab12', await solved(again.envelope.data));
    assert.equal(right.envelope.code, 0);
    assert.ok(right.envelope.data.file_list.length > 0);
    // Browsing on (every listing carries the code) needs no further proof.
    assert.equal((await detail('ab12')).envelope.code, 0);
  });
});

describe('request rate limit', () => {
  it('holds across instances with Redis (REDIS_URL): N instances allow the limit, not N times it', async (t) => {
    if (!hasRedisServer()) {
      t.skip('SKIPPED: redis-server is not installed (apt-get install redis-server)');
      return;
    }
    const redis = await startRedis();
    const database = await openTestDatabase();
    const env = testEnv({ rateLimitMax: 6, redisUrl: redis.url });
    const instances = [
      await buildApp(env, { database, logger: false }),
      await buildApp(env, { database, logger: false }),
      await buildApp(env, { database, logger: false }),
    ];
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 9; index += 1) {
        const app = instances[index % instances.length];
        assert.ok(app);
        statuses.push(
          (await call(app, '/share/info', { share_url: 'demo-public' }, { ip: '192.0.2.200' }))
            .status,
        );
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 429, 429, 429]);
    } finally {
      for (const app of instances) await app.close();
      await database.close();
      redis.stop();
    }
  });

  it('answers 429 with Retry-After and a 4029 envelope over the limit', async () => {
    const limited = await createTestApp({ rateLimitMax: 5 });
    try {
      for (let index = 0; index < 5; index += 1) {
        assert.equal(
          (await call(limited.app, '/share/info', { share_url: 'demo-public' })).status,
          200,
        );
      }
      const over = await call(limited.app, '/share/info', { share_url: 'demo-public' });
      assert.equal(over.status, 429);
      assert.equal(over.envelope.code, 4029);
      assert.ok(Number(over.headers['retry-after']) >= 1);
      const otherClient = await call(
        limited.app,
        '/share/info',
        { share_url: 'demo-public' },
        { ip: '192.0.2.77' },
      );
      assert.equal(otherClient.status, 200);
    } finally {
      await limited.close();
    }
  });
});

/** A small deterministic generator, so a failing body can be reproduced. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('fuzz', () => {
  it('answers thousands of malformed bodies with envelopes, never 5xx', async () => {
    const random = randomSource(20261122);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const paths = [
      '/api/user/info',
      '/api/product/list',
      '/api/share/info',
      '/api/share/detail',
      '/api/share/save_file',
      '/api/share/report',
      '/api/login',
      '/api/logout',
      '/api/file/folder/list',
      '/api/file/folder/create',
      '/api/event/report',
      '/api/community_activity/discord/auth_url',
      '/api/community_activity/discord/oauth/callback',
    ];
    const fields = [
      'share_url',
      'share_id',
      'extract_code',
      'folder_id',
      'file_ids',
      'share_code',
      'content',
      'third_token',
      'parent_id',
      'page',
      'folder_name',
      'event_name',
      'sign',
      'redirect_uri',
      'addon_state',
      'code',
      'state',
      'user_id',
      'activity_id',
      'app_id',
      '__proto__',
      'constructor',
    ];
    const values: (() => unknown)[] = [
      () => null,
      () => true,
      () => -1,
      () => 0,
      () => 1,
      () => 2 ** 31,
      () => -(2 ** 53),
      () => 1.5,
      () => '',
      () => ' ',
      () => 'demo-public',
      () => 'http://localhost/s/demo-private',
      () => 'ab12',
      () => '<script>',
      () => "' OR 1=1 --",
      () => '\u0000',
      () => 'a\ud800b',
      () => '\udc00',
      () => 'x'.repeat(Math.floor(random() * 5000)),
      () => [],
      () => [1, 2, 3],
      () => ['a'],
      () => Array.from({ length: 20 }, (_, i) => i - 5),
      () => ({}),
      () => ({ current_page: 1, page_size: 50 }),
      () => ({ current_page: 0, page_size: 1000 }),
      () => ({ nested: { deeper: [null] } }),
    ];
    const broken = [
      '{',
      '}',
      '[',
      '{"a":',
      '{"a":1,}',
      'nul',
      '"text"',
      '1e999',
      '{"a":"\\u12"}',
      '\u00ff\u00fe',
      '{"a":1}{"b":2}',
    ];
    const contentTypes = [
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
    ];
    const { token } = await login(ctx.app, 'fuzz@example.com', 'Fuzz');
    const statuses = new Map<number, number>();
    for (let round = 0; round < 3000; round += 1) {
      let payload: string;
      const kind = random();
      if (kind < 0.7) {
        const body: Record<string, unknown> = {};
        const count = Math.floor(random() * 6);
        for (let index = 0; index < count; index += 1) body[pick(fields)] = pick(values)();
        payload = JSON.stringify(body);
      } else if (kind < 0.85) {
        payload = pick(broken);
      } else {
        payload = JSON.stringify(pick(values)());
      }
      const response = await ctx.app.inject({
        method: 'POST',
        url: pick(paths),
        payload,
        remoteAddress: `10.0.${round % 200}.${Math.floor(round / 200)}`,
        headers: {
          'content-type': random() < 0.9 ? 'application/json' : pick(contentTypes),
          ...(random() < 0.5 ? { 'x-token': token } : {}),
        },
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      assert.ok(response.statusCode < 500, `${response.statusCode} for ${payload.slice(0, 200)}`);
      const envelope = response.json<{ code: unknown; msg: unknown }>();
      assert.equal(typeof envelope.code, 'number', payload.slice(0, 200));
      assert.equal(typeof envelope.msg, 'string');
      assert.ok('data' in envelope);
    }
    assert.ok((statuses.get(200) ?? 0) > 2000, JSON.stringify([...statuses]));
  });
});
