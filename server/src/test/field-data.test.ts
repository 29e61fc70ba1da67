/**
 * Field data (issues 28 and 46): `POST /field/beacon` turns a visit's beacon into Prometheus
 * histograms and counters by page, platform and known release, refuses anything else without a
 * trace, and keeps /metrics under a fixed size and each client network's weight small.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import type { FieldBeacon, FieldRemote, RuntimeConfig } from 'shared-contracts/page';
import {
  FIELD_BEACON_PATH,
  FIELD_ERRORS_MAX,
  LEAVE_BEFORE_START_SCRIPT,
} from 'shared-contracts/page';
import { FieldBeaconSchema } from 'shared-contracts/schemas';
import { hasRedisServer, startRedis } from '../../../scripts/local-services.mjs';
import { buildApp } from '../app';
import { perRemote, REMOTES } from '../config/workspaces';
import {
  BEACONS_PER_NETWORK,
  BeaconAllowance,
  NETWORK_WINDOW_MS,
  NETWORKS_COUNTED_MAX,
  NETWORKS_TRACKED_MAX,
  RecentNetworks,
} from '../field-data/client-networks';
import {
  FIELD_EXPOSITION_BYTES_MAX,
  FIELD_SERIES_MAX,
  FieldMetrics,
} from '../field-data/field-metrics';
import {
  builtShellFixture,
  call,
  createTestApp,
  metricValueOf,
  samplesOf,
  openTestDatabase,
  temporaryFolder,
  testEnv,
  type TestContext,
} from './helpers';

/** A release the runtime configuration names: a `version` of its own. */
const CONFIGURED_RELEASE = 'configured-1';

/** A RUNTIME_CONFIG_FILE naming `remotes` (deep-merged over the base configuration). */
function runtimeConfigFileWith(remotes: object): string {
  const configDir = temporaryFolder('nimbus-field-config-');
  const runtimeConfigFile = path.join(configDir, 'runtime-config.json');
  writeFileSync(runtimeConfigFile, JSON.stringify({ remotes }));
  return runtimeConfigFile;
}

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp({
    staticRoot: builtShellFixture(),
    runtimeConfigFile: runtimeConfigFileWith({
      share: { release: '1.4.0' },
      payments: {
        canary: {
          id: 7,
          manifestUrl: '/releases/payments/2.0.0/mf-manifest.json',
          release: '2.0.0',
          percent: 50,
        },
      },
      invite: { release: CONFIGURED_RELEASE },
    }),
    fieldSampleRate: 0.25,
  });
});
after(async () => {
  await ctx.close();
});

async function scrape(app = ctx.app): Promise<string> {
  const response = await app.inject('/metrics');
  assert.equal(response.statusCode, 200);
  return response.body;
}

/** What the field data wrote in the metrics: the lines a refused beacon must leave alone. */
async function fieldSeries(app = ctx.app): Promise<string[]> {
  return (await scrape(app)).split('\n').filter((line) => /^nimbus_(field|frontend)_/.test(line));
}

/** What the field data's metric families take of /metrics: series, and bytes with HELP and TYPE. */
function fieldExposition(text: string): { series: number; bytes: number } {
  const families = text
    .split('\n\n')
    .filter((family) => /^# HELP nimbus_(field|frontend)_/.test(family));
  const samples = families
    .flatMap((family) => family.split('\n'))
    .filter((line) => line !== '' && !line.startsWith('#'));
  return { series: samples.length, bytes: Buffer.byteLength(families.join('\n\n')) };
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

/** The labels of the vitals' series of `beacon()`. */
const vitalLabels = { page: 'share_list', platform: 'android' };

describe('field beacons', () => {
  it('records a visit: each vital by page and platform, its visits, errors and INP by release', async () => {
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
    const labels = vitalLabels;
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
    assert.equal(metricValueOf(text, 'nimbus_field_networks', labels), 1);

    const visits = (remote: string, version: string) =>
      metricValueOf(text, 'nimbus_frontend_visits_total', { remote, version });
    // The shell's build is the one the server serves (its build.json).
    assert.equal(visits('shell', 'shell-1.0.0'), 1);
    assert.equal(visits('share', '1.4.0'), 1);
    // Payments was not loaded: no visit of it.
    assert.equal(visits('payments', 'unknown'), 0);
    assert.equal(visits('payments', '2.0.0'), 0);
    const errors = (remote: string, version: string, kind: string) =>
      metricValueOf(text, 'nimbus_frontend_errors_total', { remote, version, kind });
    assert.equal(errors('share', '1.4.0', 'render'), 1);
    assert.equal(errors('shell', 'shell-1.0.0', 'rejection'), 1);
    assert.equal(errors('payments', 'unknown', 'load'), 1);
    const releaseInp = (suffix: string, remote: string, version: string) =>
      metricValueOf(text, `nimbus_field_release_inp_seconds_${suffix}`, { remote, version });
    assert.equal(releaseInp('count', 'shell', 'shell-1.0.0'), 1);
    assert.equal(releaseInp('sum', 'share', '1.4.0'), 0.12);
    assert.equal(releaseInp('count', 'payments', 'unknown'), 0);
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
    const labels = { page: 'extract_code', platform: 'ios' };
    assert.equal(metricValueOf(text, 'nimbus_field_lcp_seconds_count', labels), 1);
    assert.equal(metricValueOf(text, 'nimbus_field_lcp_seconds_bucket', { ...labels, le: '4' }), 0);
    assert.equal(metricValueOf(text, 'nimbus_field_lcp_seconds_bucket', { ...labels, le: '6' }), 1);
    assert.equal(metricValueOf(text, 'nimbus_field_inp_seconds_count', labels), 0);
    assert.equal(metricValueOf(text, 'nimbus_field_cls_count', labels), 0);
    // The first visit's series are untouched.
    assert.equal(metricValueOf(text, 'nimbus_field_lcp_seconds_count', vitalLabels), 1);
    assert.equal(
      metricValueOf(text, 'nimbus_frontend_visits_total', { remote: 'share', version: '1.4.0' }),
      2,
    );
    assert.equal(
      metricValueOf(text, 'nimbus_frontend_visits_total', { remote: 'payments', version: '2.0.0' }),
      1,
    );
    // The vitals are by page and platform alone: no connection, build or release.
    const vitalLabelNames = new Set(
      samplesOf(text)
        .filter((sample) =>
          /^nimbus_field_(lcp|fcp|ttfb|inp)_seconds|^nimbus_field_cls/.test(sample.name),
        )
        .flatMap((sample) => Object.keys(sample.labels)),
    );
    assert.deepEqual([...vitalLabelNames].sort(), ['le', 'page', 'platform']);
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
    const visits = async () =>
      metricValueOf(await scrape(), 'nimbus_frontend_visits_total', {
        remote: 'shell',
        version: 'shell-1.0.0',
      }) ?? 0;
    const first = await visits();
    for (let index = 0; index < 30; index += 1) {
      // Two addresses of one IPv6 /64: one client network.
      const ip = index % 2 === 0 ? '2001:db8:0:7::1' : '2001:db8:0:7::2';
      assert.equal((await send(beacon(), { ip })).statusCode, 204, `beacon ${index + 1}`);
    }
    // Answered, but only its first few weigh.
    assert.equal(await visits(), first + BEACONS_PER_NETWORK);
    const before = await fieldSeries();
    for (const ip of ['2001:db8:0:7::1', '2001:db8:0:7:ffff::9']) {
      const refused = await send(beacon(), { ip });
      assert.equal(refused.statusCode, 429);
      assert.match(refused.json<{ error: string }>().error, /Too many requests/);
      const retryAfter = Number(refused.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    }
    assert.deepEqual(await fieldSeries(), before);

    // Another network still gets through; the flooded one still gets its pages and API.
    assert.equal((await send(beacon(), { ip: '2001:db8:0:8::1' })).statusCode, 204);
    assert.equal(await visits(), first + BEACONS_PER_NETWORK + 1);
    const config = await ctx.app.inject({ url: '/config.json', remoteAddress: '2001:db8:0:7::1' });
    assert.equal(config.statusCode, 200);
  });

  it(`observes at most ${BEACONS_PER_NETWORK} of 100 beacons of one address, as one network`, async () => {
    const labels = { page: 'status', platform: 'mobile' } as const;
    const count = async () => {
      const text = await scrape();
      return {
        lcp: metricValueOf(text, 'nimbus_field_lcp_seconds_count', labels),
        networks: metricValueOf(text, 'nimbus_field_networks', labels),
      };
    };
    assert.deepEqual(await count(), { lcp: 0, networks: 0 });
    const statuses = new Set<number>();
    for (let index = 0; index < 100; index += 1) {
      const poor = beacon({ ...labels, vitals: { lcp: 9000, inp: 900 } });
      statuses.add((await send(poor, { ip: '203.0.113.7' })).statusCode);
    }
    // 204 while the rate limit lets them in, then 429.
    assert.deepEqual([...statuses].sort(), [204, 429]);
    assert.deepEqual(await count(), { lcp: BEACONS_PER_NETWORK, networks: 1 });
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

  it("counts a visit that left before the shell started: the page's early script, its platform from the request", async () => {
    const page = await ctx.app.inject('/s/no-such-share');
    const script = /<script (data-field-page[^>]*)>([\s\S]*?)<\/script>/.exec(page.body)?.slice(1);
    assert.ok(script, 'the page carries the early beacon');
    assert.equal(
      script[0],
      'data-field-page="status" data-field-shell="shell-1.0.0" data-field-rate="0.25"',
    );
    assert.equal(script[1], LEAVE_BEFORE_START_SCRIPT);
    const hash = createHash('sha256').update(LEAVE_BEFORE_START_SCRIPT).digest('base64');
    assert.match(
      String(page.headers['content-security-policy']),
      new RegExp(`'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );

    const early: Partial<FieldBeacon> = beacon({ page: 'status', remotes: [], vitals: {} });
    delete early.platform;
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';
    const labels = { page: 'status', platform: 'ios' };
    const before = metricValueOf(await scrape(), 'nimbus_field_networks', labels) ?? 0;
    const response = await send(early, { ip: '192.0.2.77', userAgent: iphone });
    assert.equal(response.statusCode, 204);
    const text = await scrape();
    assert.equal(metricValueOf(text, 'nimbus_field_networks', labels), before + 1);
    // A platform the schema does not know is still refused.
    assert.equal((await send({ ...early, platform: 'toaster' })).statusCode, 400);
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

describe('field data a stranger cannot inflate', () => {
  let bounds: TestContext;
  before(async () => {
    bounds = await createTestApp({
      staticRoot: builtShellFixture(),
      runtimeConfigFile: runtimeConfigFileWith({ invite: { release: CONFIGURED_RELEASE } }),
    });
  });
  after(async () => {
    await bounds.close();
  });

  const pages = FieldBeaconSchema.properties.page.anyOf.map((literal) => literal.const);
  const platforms = FieldBeaconSchema.properties.platform.anyOf.map((literal) => literal.const);
  const inviteVisit = (release: string) =>
    beacon({
      page: 'invite',
      remotes: [{ name: 'invite', release, track: 'stable' }],
      vitals: { lcp: 9000, inp: 900 },
    });
  const visitsOf = (text: string, version: string) =>
    metricValueOf(text, 'nimbus_frontend_visits_total', { remote: 'invite', version });

  it('has every series at zero before the first beacon, so rate() counts its visit', async () => {
    const text = await scrape(bounds.app);
    for (const page of pages) {
      for (const platform of platforms) {
        for (const vital of ['lcp_seconds', 'fcp_seconds', 'ttfb_seconds', 'inp_seconds', 'cls']) {
          const count = metricValueOf(text, `nimbus_field_${vital}_count`, { page, platform });
          assert.equal(count, 0, `${vital} of ${page} on ${platform}`);
        }
        assert.equal(metricValueOf(text, 'nimbus_field_networks', { page, platform }), 0);
      }
    }
    for (const [remote, version] of [
      ['invite', CONFIGURED_RELEASE],
      ['invite', 'unknown'],
      ['shell', 'unknown'],
    ] as const) {
      const labels = { remote, version };
      assert.equal(metricValueOf(text, 'nimbus_frontend_visits_total', labels), 0);
      assert.equal(metricValueOf(text, 'nimbus_field_release_inp_seconds_count', labels), 0);
      const errors = { ...labels, kind: 'load' };
      assert.equal(metricValueOf(text, 'nimbus_frontend_errors_total', errors), 0);
    }
    const { series } = fieldExposition(text);
    assert.ok(series <= FIELD_SERIES_MAX, `${series} series`);
  });

  it('keeps a configured release its own however many unknown ones one address names', async () => {
    const lcpCount = async () =>
      metricValueOf(await scrape(bounds.app), 'nimbus_field_lcp_seconds_count', {
        page: 'invite',
        platform: 'android',
      });
    const lcpBefore = await lcpCount();
    for (let index = 0; index < 25; index += 1) {
      const junk = beacon({ ...inviteVisit(`junk-${index}`), shell: `junk-shell-${index}` });
      assert.equal((await send(junk, { ip: '192.0.2.77' }, bounds.app)).statusCode, 204);
    }
    // Invented releases and builds move no figure an alert reads.
    assert.equal(await lcpCount(), lcpBefore);
    const before = visitsOf(await scrape(bounds.app), CONFIGURED_RELEASE) ?? 0;
    const real = await send(inviteVisit(CONFIGURED_RELEASE), { ip: '192.0.2.78' }, bounds.app);
    assert.equal(real.statusCode, 204);

    const text = await scrape(bounds.app);
    assert.equal(visitsOf(text, CONFIGURED_RELEASE), before + 1);
    const versionsOf = (remote: string) =>
      samplesOf(text)
        .filter(
          (sample) =>
            sample.name === 'nimbus_frontend_visits_total' && sample.labels.remote === remote,
        )
        .map((sample) => sample.labels.version)
        .sort();
    assert.deepEqual(versionsOf('invite'), [CONFIGURED_RELEASE, 'unknown']);
    assert.deepEqual(versionsOf('shell'), ['shell-1.0.0', 'unknown']);
  });

  it(`stays under ${FIELD_SERIES_MAX} series and ${FIELD_EXPOSITION_BYTES_MAX} bytes through a flood`, async () => {
    const connections = FieldBeaconSchema.properties.connection.anyOf.map(
      (literal) => literal.const,
    );
    const kinds = ['uncaught', 'rejection', 'load', 'render'] as const;
    const at = <Value>(values: readonly Value[], index: number) =>
      values[index % values.length] as Value;
    const flood = (index: number): FieldBeacon =>
      beacon({
        page: at(pages, index),
        platform: at(platforms, Math.floor(index / pages.length)),
        connection: at(connections, index),
        shell: `shell-${index}`,
        // Every remote under a release nobody configured; payments' as a canary nobody started.
        remotes: REMOTES.map(({ name }): FieldRemote => {
          const release = `${name}-${index}`;
          return name === 'payments'
            ? { name, release, track: 'canary', canary: index + 1 }
            : { name, release, track: 'stable' };
        }),
        errors: kinds.map((kind) => ({ source: 'payments', kind, message: `boom ${index}` })),
      });
    const BEACONS = 10_000;
    const ADDRESSES = 200;
    for (let start = 0; start < BEACONS; start += ADDRESSES) {
      const statuses = await Promise.all(
        Array.from({ length: ADDRESSES }, async (_, address) => {
          const ip = `198.18.${Math.floor(address / 100)}.${address % 100}`;
          return (await send(flood(start + address), { ip }, bounds.app)).statusCode;
        }),
      );
      // Past 30 a minute an address is refused (429); the others are answered and weigh little.
      assert.ok(
        statuses.every((status) => status === 204 || status === 429),
        String(statuses),
      );
    }

    const { series, bytes } = fieldExposition(await scrape(bounds.app));
    assert.ok(series <= FIELD_SERIES_MAX, `${series} series`);
    assert.ok(bytes <= FIELD_EXPOSITION_BYTES_MAX, `${bytes} bytes`);

    // A real visit afterwards is still counted under its own release.
    const before = visitsOf(await scrape(bounds.app), CONFIGURED_RELEASE) ?? 0;
    const real = await send(inviteVisit(CONFIGURED_RELEASE), { ip: '192.0.2.79' }, bounds.app);
    assert.equal(real.statusCode, 204);
    assert.equal(visitsOf(await scrape(bounds.app), CONFIGURED_RELEASE), before + 1);
  });

  it(`holds ${FIELD_SERIES_MAX} series at most with 32-character releases, and forgets old ones`, async () => {
    const registry = new Registry();
    const metrics = new FieldMetrics(registry);
    const release = (name: string, track: string) => `${name}-${track}`.padEnd(32, '0');
    const known = {
      shell: new Set([release('shell', 'build')]),
      ...perRemote(({ name }) => new Set([release(name, 'stable'), release(name, 'canary')])),
    };
    metrics.useReleases(known);
    // Every value at its longest too: 24 characters (0.0000012345678901234567).
    const longest = (await registry.metrics()).replace(
      /^(nimbus_(?:field|frontend)_\S+) \S+$/gm,
      `$1 ${'9'.repeat(24)}`,
    );
    const full = fieldExposition(longest);
    assert.equal(full.series, FIELD_SERIES_MAX);
    assert.ok(full.bytes <= FIELD_EXPOSITION_BYTES_MAX, `${full.bytes} bytes`);

    // Payments' canary ended: its series go; the others keep their counts.
    const visit = beacon({
      shell: release('shell', 'build'),
      remotes: [{ name: 'share', release: release('share', 'stable'), track: 'stable' }],
    });
    metrics.record(visit, '192.0.2.1', known);
    metrics.useReleases({ ...known, payments: new Set([release('payments', 'stable')]) });
    const text = await registry.metrics();
    const versions = new Set(
      samplesOf(text)
        .filter((sample) => sample.labels.remote === 'payments')
        .map((sample) => sample.labels.version),
    );
    assert.deepEqual([...versions].sort(), [release('payments', 'stable'), 'unknown']);
    assert.equal(fieldExposition(text).series, FIELD_SERIES_MAX - 17);
    assert.equal(
      metricValueOf(text, 'nimbus_frontend_visits_total', {
        remote: 'share',
        version: release('share', 'stable'),
      }),
      1,
    );
  });
});

describe("one client network's weight", () => {
  it(`admits ${BEACONS_PER_NETWORK} beacons per network in any ten minutes`, () => {
    let now = 0;
    const allowance = new BeaconAllowance(() => now);
    const admitted = () =>
      Array.from({ length: 10 }, () => allowance.admit('192.0.2.1')).filter(Boolean).length;
    assert.equal(admitted(), BEACONS_PER_NETWORK);
    assert.equal(allowance.admit('192.0.2.2'), true);
    now += NETWORK_WINDOW_MS - 1;
    assert.equal(admitted(), 0);
    now += 1;
    assert.equal(admitted(), BEACONS_PER_NETWORK);
  });

  it(`remembers ${NETWORKS_TRACKED_MAX} networks at most, forgetting expired ones first`, () => {
    let now = 0;
    const allowance = new BeaconAllowance(() => now);
    for (let index = 0; index < NETWORKS_TRACKED_MAX + 500; index += 1) {
      allowance.admit(`network-${index}`);
    }
    assert.equal(allowance.size, NETWORKS_TRACKED_MAX);
    now += NETWORK_WINDOW_MS;
    allowance.admit('192.0.2.1');
    assert.equal(allowance.size, 1);
  });

  it(`counts distinct networks of the last ten minutes, up to ${NETWORKS_COUNTED_MAX}`, () => {
    let now = 0;
    const networks = new RecentNetworks(() => now);
    for (let index = 0; index < 30; index += 1) networks.add('status/ios', '192.0.2.1');
    networks.add('status/ios', '192.0.2.2');
    assert.equal(networks.count('status/ios'), 2);
    assert.equal(networks.count('status/android'), 0);
    now += NETWORK_WINDOW_MS / 2;
    networks.add('status/ios', '192.0.2.2');
    now += NETWORK_WINDOW_MS / 2;
    assert.equal(networks.count('status/ios'), 1);
    for (let index = 0; index < NETWORKS_COUNTED_MAX * 2; index += 1) {
      networks.add('status/ios', `network-${index}`);
    }
    assert.equal(networks.count('status/ios'), NETWORKS_COUNTED_MAX);
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
