/**
 * Field data (issue 28): `POST /field/beacon` turns a visit's beacon into Prometheus histograms
 * and counters by page, platform and release, refuses anything else without a trace, and keeps
 * its label values bounded.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { FieldBeacon, RuntimeConfig } from 'shared-contracts';
import { FIELD_BEACON_PATH, FIELD_ERRORS_MAX } from 'shared-contracts';
import { hasRedisServer, startRedis } from '../../../scripts/local-services.mjs';
import { buildApp } from '../app';
import { RELEASES_PER_LABEL } from '../field-data/field-metrics';
import {
  builtShellFixture,
  call,
  createTestApp,
  metricValueOf,
  samplesOf,
  openTestDatabase,
  testEnv,
  type TestContext,
} from './helpers';

/** A release the runtime configuration names: always a label of its own. */
const CONFIGURED_RELEASE = 'configured-1';

let ctx: TestContext;
before(async () => {
  const configDir = mkdtempSync(path.join(tmpdir(), 'nimbus-field-config-'));
  const runtimeConfigFile = path.join(configDir, 'runtime-config.json');
  writeFileSync(
    runtimeConfigFile,
    JSON.stringify({ remotes: { invite: { release: CONFIGURED_RELEASE } } }),
  );
  ctx = await createTestApp({
    staticRoot: builtShellFixture(),
    runtimeConfigFile,
    fieldSampleRate: 0.25,
  });
});
after(async () => {
  await ctx.close();
});

async function scrape(): Promise<string> {
  const response = await ctx.app.inject('/metrics');
  assert.equal(response.statusCode, 200);
  return response.body;
}

/** What the field data wrote in the metrics: the lines a refused beacon must leave alone. */
async function fieldSeries(): Promise<string[]> {
  return (await scrape()).split('\n').filter((line) => /^nimbus_(field|frontend)_/.test(line));
}

function beacon(overrides: Partial<FieldBeacon> = {}): FieldBeacon {
  return {
    page: 'share_list',
    platform: 'android',
    connection: '4g',
    shell: 'shell-1.0.0',
    remotes: [{ name: 'share', release: '1.4.0', track: 'stable' }],
    vitals: { lcp: 1800, fcp: 900, ttfb: 300, inp: 120, cls: 0.05 },
    errors: [],
    ...overrides,
  };
}

interface SendOptions {
  ip?: string;
  userAgent?: string;
  contentType?: string;
}

function send(body: unknown, options: SendOptions = {}, app = ctx.app) {
  return app.inject({
    method: 'POST',
    url: FIELD_BEACON_PATH,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: {
      'content-type': options.contentType ?? 'application/json',
      'user-agent':
        options.userAgent ??
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
    },
    remoteAddress: options.ip ?? '192.0.2.10',
  });
}

/** The labels of the vitals' series for `beacon()` with `overrides`. */
const vitalLabels = (overrides: Record<string, string> = {}) => ({
  page: 'share_list',
  platform: 'android',
  connection: '4g',
  shell: 'shell-1.0.0',
  share: '1.4.0',
  payments: 'none',
  invite: 'none',
  ...overrides,
});

describe('field beacons', () => {
  it('records a visit: each vital by page, platform and release, its visits and errors', async () => {
    const response = await send(
      beacon({
        errors: [
          { source: 'share', kind: 'render', message: 'Cannot read properties of undefined' },
          { source: 'shell', kind: 'rejection', message: 'Failed to fetch' },
          { source: 'payments', kind: 'load', message: 'Loading chunk failed' },
        ],
      }),
    );
    assert.equal(response.statusCode, 204);
    assert.equal(response.body, '');
    assert.equal(response.headers['cache-control'], 'no-store');

    const text = await scrape();
    const labels = vitalLabels();
    assert.equal(metricValueOf(text, 'nimbus_field_lcp_seconds_count', labels), 1);
    assert.equal(metricValueOf(text, 'nimbus_field_lcp_seconds_sum', labels), 1.8);
    // 1.8 s: in the 2 s bucket, not in the 1.5 s one (milliseconds became seconds).
    assert.equal(
      metricValueOf(text, 'nimbus_field_lcp_seconds_bucket', { ...labels, le: '1.5' }),
      0,
    );
    assert.equal(metricValueOf(text, 'nimbus_field_lcp_seconds_bucket', { ...labels, le: '2' }), 1);
    assert.equal(metricValueOf(text, 'nimbus_field_fcp_seconds_sum', labels), 0.9);
    assert.equal(metricValueOf(text, 'nimbus_field_ttfb_seconds_sum', labels), 0.3);
    assert.equal(metricValueOf(text, 'nimbus_field_inp_seconds_sum', labels), 0.12);
    assert.equal(metricValueOf(text, 'nimbus_field_cls_sum', labels), 0.05);
    assert.equal(metricValueOf(text, 'nimbus_field_cls_bucket', { ...labels, le: '0.01' }), 0);
    assert.equal(metricValueOf(text, 'nimbus_field_cls_bucket', { ...labels, le: '0.05' }), 1);

    assert.equal(
      metricValueOf(text, 'nimbus_frontend_visits_total', {
        remote: 'shell',
        version: 'shell-1.0.0',
      }),
      1,
    );
    assert.equal(
      metricValueOf(text, 'nimbus_frontend_visits_total', { remote: 'share', version: '1.4.0' }),
      1,
    );
    // Payments was not loaded: no visit of it.
    assert.equal(
      samplesOf(text).some(
        (sample) =>
          sample.name === 'nimbus_frontend_visits_total' && sample.labels.remote === 'payments',
      ),
      false,
    );
    assert.equal(
      metricValueOf(text, 'nimbus_frontend_errors_total', {
        remote: 'share',
        version: '1.4.0',
        kind: 'render',
      }),
      1,
    );
    assert.equal(
      metricValueOf(text, 'nimbus_frontend_errors_total', {
        remote: 'shell',
        version: 'shell-1.0.0',
        kind: 'rejection',
      }),
      1,
    );
    assert.equal(
      metricValueOf(text, 'nimbus_frontend_errors_total', {
        remote: 'payments',
        version: 'none',
        kind: 'load',
      }),
      1,
    );
  });

  it('labels another page, platform and remote apart, and leaves out vitals not measured', async () => {
    const response = await send(
      beacon({
        page: 'extract_code',
        platform: 'ios',
        connection: '3g',
        remotes: [
          { name: 'share', release: '1.4.0', track: 'stable' },
          { name: 'payments', release: '2.0.0', track: 'canary', canary: 7 },
        ],
        vitals: { lcp: 5200 },
      }),
      { ip: '192.0.2.11' },
    );
    assert.equal(response.statusCode, 204);
    const text = await scrape();
    const labels = vitalLabels({
      page: 'extract_code',
      platform: 'ios',
      connection: '3g',
      payments: '2.0.0',
    });
    assert.equal(metricValueOf(text, 'nimbus_field_lcp_seconds_count', labels), 1);
    assert.equal(metricValueOf(text, 'nimbus_field_lcp_seconds_bucket', { ...labels, le: '4' }), 0);
    assert.equal(metricValueOf(text, 'nimbus_field_lcp_seconds_bucket', { ...labels, le: '6' }), 1);
    assert.equal(metricValueOf(text, 'nimbus_field_inp_seconds_count', labels), undefined);
    assert.equal(metricValueOf(text, 'nimbus_field_cls_count', labels), undefined);
    // The first visit's series are untouched.
    assert.equal(metricValueOf(text, 'nimbus_field_lcp_seconds_count', vitalLabels()), 1);
    assert.equal(
      metricValueOf(text, 'nimbus_frontend_visits_total', { remote: 'share', version: '1.4.0' }),
      2,
    );
    assert.equal(
      metricValueOf(text, 'nimbus_frontend_visits_total', { remote: 'payments', version: '2.0.0' }),
      1,
    );
  });

  describe('refuses what is not a beacon, changing no metric', () => {
    const nul = '\u0000';
    const refusals: Array<{
      what: string;
      body: unknown;
      contentType?: string;
      status: number;
      message: RegExp;
    }> = [
      {
        what: 'a vital of the wrong type',
        body: beacon({ vitals: { lcp: '1800' as unknown as number } }),
        status: 400,
        message: /body\/vitals\/lcp must be number/,
      },
      {
        what: 'a page kind it does not know',
        body: { ...beacon(), page: 'admin' },
        status: 400,
        message: /body\/page must be equal to constant/,
      },
      {
        what: 'remotes that are not a list',
        body: { ...beacon(), remotes: { name: 'share' } },
        status: 400,
        message: /body\/remotes must be array/,
      },
      {
        what: 'an unknown property',
        body: { ...beacon(), userId: 42 },
        status: 400,
        message: /body must NOT have additional properties/,
      },
      {
        what: 'an unknown vital',
        body: beacon({ vitals: { lcp: 1800, tbt: 10 } as FieldBeacon['vitals'] }),
        status: 400,
        message: /body\/vitals must NOT have additional properties/,
      },
      {
        what: 'an LCP of 1e12 ms',
        body: beacon({ vitals: { lcp: 1e12 } }),
        status: 400,
        message: /body\/vitals\/lcp must be <= 600000/,
      },
      {
        what: 'a negative TTFB',
        body: beacon({ vitals: { ttfb: -1 } }),
        status: 400,
        message: /body\/vitals\/ttfb must be >= 0/,
      },
      {
        what: 'a release with a space',
        body: beacon({ remotes: [{ name: 'share', release: '1.4 beta', track: 'stable' }] }),
        status: 400,
        message: /body\/remotes\/0\/release must match pattern/,
      },
      {
        what: 'a NUL byte in an error message',
        body: beacon({ errors: [{ source: 'share', kind: 'uncaught', message: `boom${nul}` }] }),
        status: 400,
        message: /must not contain NUL/,
      },
      {
        what: 'a NUL byte in an attribution',
        body: { ...beacon(), attribution: { lcp: `img.hero${nul}` } },
        status: 400,
        message: /must not contain NUL/,
      },
      {
        what: 'a control character in an error message',
        body: beacon({ errors: [{ source: 'share', kind: 'uncaught', message: 'bell\u0007' }] }),
        status: 400,
        message: /body\/errors\/0\/message must match pattern/,
      },
      {
        what: 'too many errors',
        body: beacon({
          errors: Array.from({ length: FIELD_ERRORS_MAX + 1 }, () => ({
            source: 'share' as const,
            kind: 'uncaught' as const,
            message: 'again',
          })),
        }),
        status: 400,
        message: new RegExp(`body/errors must NOT have more than ${FIELD_ERRORS_MAX} items`),
      },
      {
        what: 'a body over 8 KB',
        body: { ...beacon(), attribution: { lcp: 'x'.repeat(9 * 1024) } },
        status: 413,
        message: /too large/i,
      },
      {
        what: 'a body that is not JSON',
        body: '{"page": "share_list",',
        status: 400,
        message: /not valid JSON/,
      },
      {
        what: 'JSON that is not an object',
        body: '[1, 2, 3]',
        status: 400,
        message: /body must be object/,
      },
      {
        what: 'plain text',
        body: 'page=share_list',
        contentType: 'text/plain',
        status: 400,
        message: /body must be object/,
      },
      {
        what: 'a form',
        body: 'page=share_list',
        contentType: 'application/x-www-form-urlencoded',
        status: 415,
        message: /Unsupported Media Type/i,
      },
    ];
    refusals.forEach(({ what, body, contentType, status, message }, index) => {
      it(`${what}: ${status}`, async () => {
        const before = await fieldSeries();
        assert.ok(before.length > 0);
        const response = await send(body, {
          ip: `192.0.2.${100 + index}`,
          ...(contentType ? { contentType } : {}),
        });
        assert.equal(response.statusCode, status, response.body);
        const { error } = response.json<{ error: string }>();
        assert.match(error, message);
        assert.deepEqual(await fieldSeries(), before);
      });
    });
  });

  it('refuses a flood from one client network past 30 a minute, counting nothing more', async () => {
    const flood = beacon({ shell: 'flood-1' });
    const visits = async () =>
      metricValueOf(await scrape(), 'nimbus_frontend_visits_total', {
        remote: 'shell',
        version: 'flood-1',
      });
    for (let index = 0; index < 30; index += 1) {
      // Two addresses of one IPv6 /64: one client network.
      const ip = index % 2 === 0 ? '2001:db8:0:7::1' : '2001:db8:0:7::2';
      assert.equal((await send(flood, { ip })).statusCode, 204, `beacon ${index + 1}`);
    }
    assert.equal(await visits(), 30);
    const before = await fieldSeries();
    for (const ip of ['2001:db8:0:7::1', '2001:db8:0:7:ffff::9']) {
      const refused = await send(flood, { ip });
      assert.equal(refused.statusCode, 429);
      assert.match(refused.json<{ error: string }>().error, /Too many requests/);
      const retryAfter = Number(refused.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    }
    assert.deepEqual(await fieldSeries(), before);
    assert.equal(await visits(), 30);

    // Another network still gets through; the flooded one still gets its pages and API.
    assert.equal((await send(flood, { ip: '2001:db8:0:8::1' })).statusCode, 204);
    assert.equal(await visits(), 31);
    const config = await ctx.app.inject({ url: '/config.json', remoteAddress: '2001:db8:0:7::1' });
    assert.equal(config.statusCode, 200);
  });

  it("answers a link-preview agent's beacon with 204 but counts nothing", async () => {
    const before = await fieldSeries();
    for (const userAgent of [
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    ]) {
      const response = await send(beacon({ shell: 'preview-1' }), {
        ip: '192.0.2.50',
        userAgent,
      });
      assert.equal(response.statusCode, 204);
    }
    assert.deepEqual(await fieldSeries(), before);
  });

  it(`reads 'other' for releases past the ${RELEASES_PER_LABEL}th, except configured ones`, async () => {
    const releases = Array.from({ length: RELEASES_PER_LABEL + 2 }, (_, index) => `r${index + 1}`);
    const inviteBeacon = (release: string) =>
      beacon({
        page: 'invite',
        remotes: [{ name: 'invite', release, track: 'stable' }],
        vitals: { lcp: 1000 },
      });
    for (const [index, release] of releases.entries()) {
      const response = await send(inviteBeacon(release), { ip: `198.51.100.${index + 1}` });
      assert.equal(response.statusCode, 204);
    }
    // A release seen before the bound keeps its label; the configured one always has its own.
    assert.equal((await send(inviteBeacon('r3'), { ip: '198.51.100.200' })).statusCode, 204);
    assert.equal(
      (await send(inviteBeacon(CONFIGURED_RELEASE), { ip: '198.51.100.201' })).statusCode,
      204,
    );

    const text = await scrape();
    const visits = (version: string) =>
      metricValueOf(text, 'nimbus_frontend_visits_total', { remote: 'invite', version });
    assert.equal(visits('r1'), 1);
    assert.equal(visits('r3'), 2);
    assert.equal(visits(`r${RELEASES_PER_LABEL}`), 1);
    assert.equal(visits(`r${RELEASES_PER_LABEL + 1}`), undefined);
    assert.equal(visits(`r${RELEASES_PER_LABEL + 2}`), undefined);
    assert.equal(visits('other'), 2);
    assert.equal(visits(CONFIGURED_RELEASE), 1);
    const lcpCount = (invite: string) =>
      metricValueOf(
        text,
        'nimbus_field_lcp_seconds_count',
        vitalLabels({ page: 'invite', share: 'none', invite }),
      );
    assert.equal(lcpCount('other'), 2);
    assert.equal(lcpCount(CONFIGURED_RELEASE), 1);
    const inviteVersions = new Set(
      samplesOf(text)
        .filter((sample) => sample.name === 'nimbus_field_lcp_seconds_count')
        .map((sample) => sample.labels.invite),
    );
    // r1..r20, other, the configured release, and none (the other tests' visits).
    assert.equal(inviteVersions.size, RELEASES_PER_LABEL + 3);
  });

  it('tells the shell the sample rate', async () => {
    const config = (await ctx.app.inject('/config.json')).json<RuntimeConfig>();
    assert.deepEqual(config.fieldData, { sampleRate: 0.25 });
  });

  it('reports the instance ready while the database answers', async () => {
    assert.equal(metricValueOf(await scrape(), 'nimbus_ready'), 1);
    ctx.app.health.down('database', 'not answering');
    try {
      assert.equal(metricValueOf(await scrape(), 'nimbus_ready'), 0);
    } finally {
      ctx.app.health.up('database');
    }
    assert.equal(metricValueOf(await scrape(), 'nimbus_ready'), 1);
  });
});

describe("the beacons' rate limit with Redis", () => {
  it("is its own: counted across instances, apart from the API's", async (t) => {
    if (!hasRedisServer()) {
      t.skip('SKIPPED: redis-server is not installed (apt-get install redis-server)');
      return;
    }
    const redis = await startRedis();
    const database = await openTestDatabase();
    const env = testEnv({ rateLimitMax: 40, redisUrl: redis.url, staticRoot: builtShellFixture() });
    const instances = [
      await buildApp(env, { database, logger: false }),
      await buildApp(env, { database, logger: false }),
    ];
    const ip = '192.0.2.240';
    const on = (index: number) => instances[index % instances.length] as FastifyInstance;
    const apiCall = async (index: number) =>
      (await call(on(index), '/share/info', { share_url: 'demo-public' }, { ip })).status;
    try {
      // A busy reader's API calls leave their beacons alone...
      for (let index = 0; index < 35; index += 1) assert.equal(await apiCall(index), 200);
      for (let index = 0; index < 30; index += 1) {
        const response = await send(beacon(), { ip }, on(index));
        assert.equal(response.statusCode, 204, `beacon ${index + 1}: ${response.body}`);
      }
      // ... the beacons' limit holds on every instance together ...
      assert.equal((await send(beacon(), { ip }, on(0))).statusCode, 429);
      assert.equal((await send(beacon(), { ip }, on(1))).statusCode, 429);
      // ... and the beacons took nothing of the API's 40.
      const statuses: number[] = [];
      for (let index = 35; index < 41; index += 1) statuses.push(await apiCall(index));
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    } finally {
      for (const app of instances) await app.close();
      await database.close();
      redis.stop();
    }
  });
});
