/**
 * Canary releases (issues 28 and 50): the operators' API that starts, promotes and rolls back a
 * remote's canary, the runtime configuration that carries it to every page, and the verdict from
 * the field beacons that steps a healthy canary up to 100 % and promotes it, and rolls a worse one
 * back by itself (at once after its 8th failing visit), on every instance; the status that keeps
 * ended canaries with their reason, and the release events' counter.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FieldBeacon, RuntimeConfig } from 'shared-contracts/page';
import { CONTRACT_VERSION } from 'shared-contracts';
import { FIELD_BEACON_PATH } from 'shared-contracts/page';
import { buildApp } from '../app';
import type { ServerEnv } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { canaryVisits, remoteReleases } from '../db/schema';
import { RuntimeConfigSource } from '../config/runtime-config';
import type { Database } from '../db/client';
import { RELEASES_FRESH_MS } from '../releases/release-reader';
import { ReleaseService } from '../releases/release-service';
import { Counter, Registry } from 'prom-client';
import {
  builtShellFixture,
  createTestApp,
  metricValueOf,
  openTestDatabase,
  testEnv,
  type TestContext,
} from './helpers';

const OPS_TOKEN = 'ops-secret';
const MIN_VISITS = 5;
const MANIFEST = '/releases/payments/2.0.0/mf-manifest.json';

/** The contract's next minor: a remote built for it may use host services this shell lacks. */
const [major = 0, minor = 0] = CONTRACT_VERSION.split('.').map(Number);
const NEWER_MINOR = `${major}.${minor + 1}.0`;

/** A static root with the shell's page and releases of payments as `scripts/release.mjs` builds them. */
function staticRootWithReleases(): string {
  const root = builtShellFixture();
  const release = (folder: string, file: object | null) => {
    const dir = path.join(root, 'releases/payments', folder);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ id: 'payments' }));
    if (file) writeFileSync(path.join(dir, 'release.json'), JSON.stringify(file));
  };
  release('2.0.0', { remote: 'payments', release: '2.0.0', contractVersion: CONTRACT_VERSION });
  release('9.0.0', { remote: 'payments', release: '9.0.0', contractVersion: '99.0.0' });
  release('9.1.0', { remote: 'payments', release: '9.1.0', contractVersion: NEWER_MINOR });
  release('3.0.0', null);
  // remote-share's build (for the page's preload hints) and a release of it.
  const manifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ path: './ShareViewer', assets: { js: { sync: ['viewer.js'] } } }],
  };
  mkdirSync(path.join(root, 'remote-share/dist'), { recursive: true });
  writeFileSync(path.join(root, 'remote-share/dist/mf-manifest.json'), JSON.stringify(manifest));
  const shareRelease = path.join(root, 'releases/share/2.0.0');
  mkdirSync(shareRelease, { recursive: true });
  writeFileSync(path.join(shareRelease, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    path.join(shareRelease, 'release.json'),
    JSON.stringify({ remote: 'share', release: '2.0.0', contractVersion: CONTRACT_VERSION }),
  );
  return root;
}

/** Canaries judged after a few visits, and never by the interval while a test runs. */
const canaryEnv: Partial<ServerEnv> = {
  opsToken: OPS_TOKEN,
  canary: { minVisits: MIN_VISITS, checkMs: 3_600_000 },
};

const auth = { authorization: `Bearer ${OPS_TOKEN}` };

function ops(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = auth,
) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

function startCanary(app: FastifyInstance, body: object = {}) {
  return ops(app, 'POST', '/ops/releases/payments/canary', {
    release: '2.0.0',
    manifestUrl: MANIFEST,
    percent: 10,
    ...body,
  });
}

async function configOf(app: FastifyInstance): Promise<RuntimeConfig> {
  const response = await app.inject('/config.json');
  assert.equal(response.statusCode, 200);
  return response.json<RuntimeConfig>();
}

/** Resolves with what `check` finds once it finds it (a background job's effect). */
async function waitFor<T>(check: () => Promise<T | null>): Promise<T> {
  for (let tries = 0; tries < 200; tries += 1) {
    const found = await check();
    if (found !== null) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('not found within 2 s');
}

let nextAddress = 1;
/** One visit of a page under the payments canary `id`, on its `track`, with an error or not. */
async function visit(
  app: FastifyInstance,
  id: number,
  track: 'stable' | 'canary',
  options: { errored?: boolean; inp?: number } = {},
) {
  const beacon: FieldBeacon = {
    page: 'share_list',
    platform: 'android',
    connection: '4g',
    shell: 'shell-1.0.0',
    remotes: [
      { name: 'share', release: '1.4.0', track: 'stable' },
      { name: 'payments', release: track === 'canary' ? '2.0.0' : '1.0.0', track, canary: id },
    ],
    vitals: { lcp: 1500, ...(options.inp === undefined ? {} : { inp: options.inp }) },
    errors: options.errored
      ? [{ source: 'payments', kind: 'render', message: 'Cannot read properties of undefined' }]
      : [],
  };
  const response = await app.inject({
    method: 'POST',
    url: FIELD_BEACON_PATH,
    payload: beacon,
    // A visitor each: the beacons' rate limit is per client network.
    remoteAddress: `10.28.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
  });
  assert.equal(response.statusCode, 204, response.body);
}

async function rollbacksOf(app: FastifyInstance): Promise<number | undefined> {
  const text = (await app.inject('/metrics')).body;
  return metricValueOf(text, 'nimbus_canary_rollbacks_total', { remote: 'payments' });
}

/** payments' release events on this instance, by event. */
async function eventsOf(app: FastifyInstance): Promise<Record<string, number | undefined>> {
  const text = (await app.inject('/metrics')).body;
  return Object.fromEntries(
    ['started', 'stepped', 'promoted', 'rolled_back'].map((event) => [
      event,
      metricValueOf(text, 'nimbus_release_events_total', { remote: 'payments', event }),
    ]),
  );
}

interface Status {
  canaries: Array<
    ReleaseAnswer & {
      verdict: { kind: string; reason: string };
      visits: { stable: { visits: number; errored: number }; canary: { visits: number } };
    }
  >;
  ended: Array<ReleaseAnswer & { endedAt: string }>;
}

const statusOf = async (app: FastifyInstance) =>
  (await ops(app, 'GET', '/ops/releases')).json<Status>();

interface ReleaseAnswer {
  id: number;
  remote: string;
  release: string;
  manifestUrl: string;
  percent: number;
  state: string;
  reason: string | null;
}

describe('the releases API', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestApp({ ...canaryEnv, staticRoot: staticRootWithReleases() });
  });
  after(async () => {
    await ctx.close();
  });

  it('asks for the ops token', async () => {
    const refused: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: OPS_TOKEN },
    ];
    for (const headers of refused) {
      const listed = await ops(ctx.app, 'GET', '/ops/releases', undefined, headers);
      assert.equal(listed.statusCode, 401);
      assert.equal(listed.headers['www-authenticate'], 'Bearer');
      const started = await ops(
        ctx.app,
        'POST',
        '/ops/releases/payments/canary',
        { release: '2.0.0', manifestUrl: MANIFEST, percent: 10 },
        headers,
      );
      assert.equal(started.statusCode, 401);
    }
    assert.deepEqual(await ctx.database.db.select().from(remoteReleases), []);
    assert.equal((await ops(ctx.app, 'GET', '/ops/releases')).statusCode, 200);
  });

  it('is open in development without a token, and absent in production without one', async () => {
    const staticRoot = builtShellFixture();
    const development = await createTestApp({ ...canaryEnv, staticRoot, opsToken: null });
    try {
      const listed = await development.app.inject('/ops/releases');
      assert.equal(listed.statusCode, 200);
      assert.deepEqual(listed.json<{ canaries: unknown[] }>().canaries, []);
    } finally {
      await development.close();
    }
    const production = await createTestApp({
      ...canaryEnv,
      staticRoot,
      production: true,
      opsToken: null,
    });
    try {
      assert.equal((await production.app.inject('/ops/releases')).statusCode, 404);
      const started = await production.app.inject({
        method: 'POST',
        url: '/ops/releases/payments/canary',
        payload: { release: '2.0.0', manifestUrl: MANIFEST, percent: 10 },
      });
      assert.equal(started.statusCode, 404);
      assert.deepEqual(await production.database.db.select().from(remoteReleases), []);
    } finally {
      await production.close();
    }
  });

  it('refuses a release it cannot serve with 422, and a malformed request with 400', async () => {
    const refusals: Array<[body: object, status: number, message: RegExp]> = [
      [
        { release: '9.0.0', manifestUrl: '/releases/payments/9.0.0/mf-manifest.json' },
        422,
        /built for contract 99\.0\.0/,
      ],
      [
        { release: '9.1.0', manifestUrl: '/releases/payments/9.1.0/mf-manifest.json' },
        422,
        new RegExp(`built for contract ${major}\\.${minor + 1}\\.0: this site's shell refuses it`),
      ],
      [
        { release: '3.0.0', manifestUrl: '/releases/payments/3.0.0/mf-manifest.json' },
        422,
        /release's files could not be read/,
      ],
      [
        { release: '4.0.0', manifestUrl: '/releases/payments/4.0.0/mf-manifest.json' },
        422,
        /release's files could not be read/,
      ],
      [{ release: '2.0.1' }, 422, /the files are release 2\.0\.0, not 2\.0\.1/],
      [
        { manifestUrl: '/remotes/payments/..%2F..%2F..%2Fetc/mf-manifest.json' },
        422,
        /leaves its folder/,
      ],
      [{ manifestUrl: '/api/mf-manifest.json' }, 422, /not a folder this server serves/],
      [{ percent: 0 }, 400, /percent must be >= 1/],
      [{ manifestUrl: 'javascript:alert(1)' }, 400, /manifestUrl must match pattern/],
      [{ release: '2.0.0 beta' }, 400, /release must match pattern/],
    ];
    for (const [body, status, message] of refusals) {
      const response = await startCanary(ctx.app, body);
      assert.equal(response.statusCode, status, JSON.stringify(body));
      const answer = response.json<{ error: string; message?: string }>();
      // A 422 says why in `error`; Fastify's 400 says 'Bad Request' there, and why in `message`.
      assert.match(status === 422 ? answer.error : (answer.message ?? ''), message);
    }
    // The payments release is not one of share.
    const share = await ops(ctx.app, 'POST', '/ops/releases/share/canary', {
      release: '2.0.0',
      manifestUrl: MANIFEST,
      percent: 10,
    });
    assert.equal(share.statusCode, 422);
    assert.match(share.json<{ error: string }>().error, /the release is of payments, not share/);
    const unknownRemote = await ops(ctx.app, 'POST', '/ops/releases/billing/canary', {
      release: '2.0.0',
      manifestUrl: MANIFEST,
      percent: 10,
    });
    assert.equal(unknownRemote.statusCode, 400);

    assert.deepEqual(await ctx.database.db.select().from(remoteReleases), []);
    assert.equal((await configOf(ctx.app)).remotes.payments.canary, undefined);
  });

  it('starts one canary, rolls it back once it is clearly worse, and counts the rollback', async () => {
    assert.equal(await rollbacksOf(ctx.app), 0);
    assert.deepEqual(await eventsOf(ctx.app), {
      started: 0,
      stepped: 0,
      promoted: 0,
      rolled_back: 0,
    });
    const started = await startCanary(ctx.app);
    assert.equal(started.statusCode, 201, started.body);
    const row = started.json<ReleaseAnswer>();
    assert.equal(typeof row.id, 'number');
    assert.equal(row.remote, 'payments');
    assert.equal(row.release, '2.0.0');
    assert.equal(row.manifestUrl, MANIFEST);
    assert.equal(row.percent, 10);
    assert.equal(row.state, 'canary');

    const again = await startCanary(ctx.app, { percent: 50 });
    assert.equal(again.statusCode, 409);
    assert.match(again.json<{ error: string }>().error, /payments has a canary running/);

    const config = await configOf(ctx.app);
    assert.deepEqual(config.remotes.payments.canary, {
      id: row.id,
      manifestUrl: MANIFEST,
      release: '2.0.0',
      percent: 10,
    });
    assert.equal(config.remotes.payments.manifestUrl, '/remotes/payments/mf-manifest.json');
    assert.equal(config.remotes.share.canary, undefined);
    // What the NimbusCanaryErrors alert watches: which release runs as a canary.
    const running = async () =>
      metricValueOf((await ctx.app.inject('/metrics')).body, 'nimbus_canary_running', {
        remote: 'payments',
        version: '2.0.0',
      });
    assert.equal(await running(), 1);

    // One visit short of the verdict on the canary's side: it waits.
    for (let index = 0; index < MIN_VISITS; index += 1) await visit(ctx.app, row.id, 'stable');
    for (let index = 0; index < MIN_VISITS - 1; index += 1) {
      await visit(ctx.app, row.id, 'canary', { errored: true });
    }
    // A beacon naming another canary (an old page) counts for nothing.
    await visit(ctx.app, row.id + 1000, 'canary', { errored: true });
    await ctx.app.releases.checkCanaries();
    const listed = await statusOf(ctx.app);
    assert.equal(listed.canaries.length, 1);
    assert.equal(listed.canaries[0]?.verdict.kind, 'waiting');
    assert.equal(listed.canaries[0]?.visits.stable.visits, MIN_VISITS);
    assert.equal(listed.canaries[0]?.visits.stable.errored, 0);
    assert.equal(listed.canaries[0]?.visits.canary.visits, MIN_VISITS - 1);
    assert.equal((await configOf(ctx.app)).remotes.payments.canary?.id, row.id);
    assert.equal(await rollbacksOf(ctx.app), 0);

    // The failing visit has the canaries judged at once; this check comes after that one.
    await visit(ctx.app, row.id, 'canary', { errored: true });
    await ctx.app.releases.checkCanaries();
    assert.equal((await configOf(ctx.app)).remotes.payments.canary, undefined);
    assert.equal(await rollbacksOf(ctx.app), 1);
    assert.deepEqual(await eventsOf(ctx.app), {
      started: 1,
      stepped: 0,
      promoted: 0,
      rolled_back: 1,
    });
    // The status keeps it, with the verdict's reason.
    const status = await statusOf(ctx.app);
    assert.deepEqual(status.canaries, []);
    assert.deepEqual(
      status.ended.map((ended) => [ended.id, ended.state, ended.reason]),
      [
        [
          row.id,
          'rolled_back',
          'automatic: errors in 100.0 % of 5 canary visits, 0.0 % of 5 stable',
        ],
      ],
    );
    assert.ok(status.ended[0]?.endedAt);
    assert.equal(await running(), undefined);
    const [ended] = await ctx.database.db
      .select()
      .from(remoteReleases)
      .where(eq(remoteReleases.id, row.id));
    assert.equal(ended?.state, 'rolled_back');
    assert.match(
      ended?.reason ?? '',
      /^automatic: errors in 100\.0 % of 5 canary visits, 0\.0 % of 5 stable$/,
    );
    assert.deepEqual(
      await ctx.database.db.select().from(canaryVisits).where(eq(canaryVisits.releaseId, row.id)),
      [],
    );

    // Checked again: nothing more to roll back, counted once.
    await ctx.app.releases.checkCanaries();
    assert.equal(await rollbacksOf(ctx.app), 1);
    const rollback = await ops(ctx.app, 'POST', '/ops/releases/payments/rollback');
    assert.equal(rollback.statusCode, 404);
    assert.match(rollback.json<{ error: string }>().error, /payments has no canary running/);
  });

  it('stops a canary at its 8th failing visit, before minVisits, without waiting for the timer', async () => {
    const started = await startCanary(ctx.app, { percent: 1 });
    assert.equal(started.statusCode, 201, started.body);
    const row = started.json<ReleaseAnswer>();
    // Stable has fewer visits than MIN_VISITS: the two-proportion test cannot judge yet.
    for (let index = 0; index < MIN_VISITS - 1; index += 1) await visit(ctx.app, row.id, 'stable');
    for (let index = 0; index < 7; index += 1) {
      await visit(ctx.app, row.id, 'canary', { errored: true });
    }
    await ctx.app.releases.checkCanaries();
    assert.equal((await configOf(ctx.app)).remotes.payments.canary?.id, row.id);
    // The 8th: no check is called here (the timer's is an hour away), the beacon's does it.
    await visit(ctx.app, row.id, 'canary', { errored: true });
    const [ended] = await waitFor(async () => {
      const rows = await ctx.database.db
        .select()
        .from(remoteReleases)
        .where(eq(remoteReleases.id, row.id));
      return rows[0]?.state === 'rolled_back' ? rows : null;
    });
    assert.equal(
      ended?.reason,
      'automatic: early stop: errors in 8 of 8 canary visits, 0.0 % of 4 stable',
    );
    assert.equal((await configOf(ctx.app)).remotes.payments.canary, undefined);
    assert.equal(await rollbacksOf(ctx.app), 2);
  });

  it('steps a healthy canary 1, 10, 50, 100 % and promotes it by itself', async () => {
    const started = await startCanary(ctx.app, { percent: 1 });
    assert.equal(started.statusCode, 201, started.body);
    const row = started.json<ReleaseAnswer>();
    const before = await eventsOf(ctx.app);
    for (const [percent, next] of [
      [1, 10],
      [10, 50],
      [50, 100],
    ] as const) {
      assert.equal((await configOf(ctx.app)).remotes.payments.canary?.percent, percent);
      for (let index = 0; index < MIN_VISITS; index += 1) {
        if (percent === 1) await visit(ctx.app, row.id, 'stable', { errored: index === 0 });
        await visit(ctx.app, row.id, 'canary');
      }
      // Healthy at this step; the next check steps it up, and judges the next step's own visits.
      const healthy = await statusOf(ctx.app);
      assert.equal(healthy.canaries[0]?.verdict.kind, 'healthy');
      await ctx.app.releases.checkCanaries();
      const stepped = await statusOf(ctx.app);
      assert.equal(stepped.canaries[0]?.percent, next);
      assert.equal(stepped.canaries[0]?.verdict.kind, 'waiting');
      assert.equal(stepped.canaries[0]?.visits.canary.visits, 0);
      assert.equal(stepped.canaries[0]?.visits.stable.visits, MIN_VISITS);
    }
    // At 100 % stable gets no visit: the canary is judged against stable's visits before.
    for (let index = 0; index < MIN_VISITS; index += 1) await visit(ctx.app, row.id, 'canary');
    await ctx.app.releases.checkCanaries();
    const config = await configOf(ctx.app);
    assert.equal(config.remotes.payments.manifestUrl, MANIFEST);
    assert.equal(config.remotes.payments.release, '2.0.0');
    assert.equal(config.remotes.payments.canary, undefined);
    const status = await statusOf(ctx.app);
    assert.deepEqual(status.canaries, []);
    assert.equal(status.ended[0]?.id, row.id);
    assert.equal(status.ended[0]?.state, 'promoted');
    assert.equal(
      status.ended[0]?.reason,
      'automatic: healthy at 100 %: errors in 0.0 % of 5 canary visits, 20.0 % of 5 stable',
    );
    const after = await eventsOf(ctx.app);
    assert.equal((after.stepped ?? 0) - (before.stepped ?? 0), 3);
    assert.equal((after.promoted ?? 0) - (before.promoted ?? 0), 1);
  });

  it("promotes a canary by an operator's command at any step", async () => {
    const started = await startCanary(ctx.app, { percent: 25 });
    assert.equal(started.statusCode, 201, started.body);
    const row = started.json<ReleaseAnswer>();
    assert.equal((await configOf(ctx.app)).remotes.payments.canary?.percent, 25);

    const promoted = await ops(ctx.app, 'POST', '/ops/releases/payments/promote');
    assert.equal(promoted.statusCode, 200);
    assert.equal(promoted.json<ReleaseAnswer>().state, 'promoted');
    assert.equal(promoted.json<ReleaseAnswer>().reason, 'promoted by an operator');
    const config = await configOf(ctx.app);
    assert.equal(config.remotes.payments.manifestUrl, MANIFEST);
    assert.equal(config.remotes.payments.release, '2.0.0');
    assert.equal(config.remotes.payments.canary, undefined);
    assert.equal(config.remotes.share.manifestUrl, '/remotes/share/mf-manifest.json');
    assert.equal(config.remotes.share.release, undefined);
    const stable = (await ops(ctx.app, 'GET', '/ops/releases')).json<{
      stable: Record<string, { manifestUrl: string; release: string | null }>;
      canaries: unknown[];
    }>();
    assert.deepEqual(stable.stable.payments, { manifestUrl: MANIFEST, release: '2.0.0' });
    assert.deepEqual(stable.stable.invite, {
      manifestUrl: '/remotes/invite/mf-manifest.json',
      release: null,
    });
    assert.deepEqual(stable.canaries, []);
    // Every canary this suite ended, newest first, each with its reason.
    assert.deepEqual(
      (await statusOf(ctx.app)).ended.map((ended) => [ended.state, ended.reason?.split(':')[0]]),
      [
        ['promoted', 'promoted by an operator'],
        ['promoted', 'automatic'],
        ['rolled_back', 'automatic'],
        ['rolled_back', 'automatic'],
      ],
    );
    assert.equal((await statusOf(ctx.app)).ended[0]?.id, row.id);
    assert.equal((await ops(ctx.app, 'POST', '/ops/releases/payments/promote')).statusCode, 404);
    assert.equal(await rollbacksOf(ctx.app), 2);
  });
});

describe("a canary of the page's remote", () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  before(async () => {
    ctx = await createTestApp({ ...canaryEnv, staticRoot: staticRootWithReleases() });
  });
  after(async () => ctx.close());

  it("takes the preload hints and the remote's manifest off the page: each browser loads the release it gets", async () => {
    const hinted = await ctx.app.inject('/s/demo-public');
    assert.match(String(hinted.headers.link), /\/remotes\/share\/remoteEntry\.js/);
    assert.match(hinted.body, /id="remote-manifests"/);
    const started = await ops(ctx.app, 'POST', '/ops/releases/share/canary', {
      release: '2.0.0',
      manifestUrl: '/releases/share/2.0.0/mf-manifest.json',
      percent: 50,
    });
    assert.equal(started.statusCode, 201, started.body);
    const page = await ctx.app.inject('/s/demo-public');
    assert.doesNotMatch(String(page.headers.link ?? ''), /remotes\/share|releases\/share/);
    assert.doesNotMatch(page.body, /rel="preload" href="\/remotes\/share/);
    assert.doesNotMatch(page.body, /id="remote-manifests"/);
    assert.match(
      page.body,
      /"canary":\{"id":\d+,"manifestUrl":"\/releases\/share\/2\.0\.0\/mf-manifest\.json"/,
    );
  });
});

describe('the releases while the database stalls', () => {
  it('hold no page up: the configuration is made with what was read last', async () => {
    let queries = 0;
    const stalled = new Promise<never>(() => undefined);
    // A database that takes the query and never answers.
    const database = {
      select: () => ({
        from: () => ({ where: () => ({ orderBy: () => ((queries += 1), stalled) }) }),
      }),
    } as unknown as Database;
    const rollbacks = new Counter({
      name: 'stalled_rollbacks_total',
      help: 'test',
      labelNames: ['remote'],
      registers: [new Registry()],
    });
    const events = new Counter({
      name: 'stalled_release_events_total',
      help: 'test',
      labelNames: ['remote', 'event'],
      registers: [new Registry()],
    });
    const releases = new ReleaseService(
      database,
      { info() {}, warn() {} },
      { rollbacks, events },
      1,
    );
    const source = new RuntimeConfigSource(testEnv(), { warn() {} });
    source.useReleases(releases);
    // The timer's reads: the first never ends, the next one waits for it.
    releases.poll();
    releases.poll();
    const answer = await Promise.race([
      source.current().then((config) => config.remotes.payments.manifestUrl),
      new Promise((resolve) => setTimeout(() => resolve('held up'), 500)),
    ]);
    assert.equal(answer, '/remotes/payments/mf-manifest.json');
    // One read under way at a time, however often the timer fires.
    assert.equal(queries, 1);
  });
});

describe('a canary on two instances', () => {
  let database: DatabaseHandle;
  let first: FastifyInstance;
  let second: FastifyInstance;

  before(async () => {
    // One database handle for both: on PGlite that is the only way two apps share one.
    database = await openTestDatabase();
    const env = testEnv({ ...canaryEnv, staticRoot: staticRootWithReleases() });
    first = await buildApp(env, { database, logger: false });
    second = await buildApp(env, { database, logger: false });
  });
  after(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  it("rolls back on one instance from another's beacons, and every instance drops it within a second", async () => {
    // The second instance has read the releases before the canary starts.
    assert.equal((await configOf(second)).remotes.payments.canary, undefined);
    const started = await startCanary(first);
    assert.equal(started.statusCode, 201, started.body);
    const { id } = started.json<ReleaseAnswer>();

    const startedAt = Date.now();
    while ((await configOf(second)).remotes.payments.canary?.id !== id) {
      assert.ok(
        Date.now() - startedAt < RELEASES_FRESH_MS + 100,
        'the other instance does not show the canary',
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // And the second refuses another start of it: the database has one canary per remote.
    assert.equal((await startCanary(second)).statusCode, 409);

    // The failing visits first: the first instance judges them at once, and waits for stable's.
    for (let index = 0; index < MIN_VISITS; index += 1) {
      await visit(first, id, 'canary', { errored: true });
    }
    await first.releases.checkCanaries();
    for (let index = 0; index < MIN_VISITS; index += 1) await visit(first, id, 'stable');
    await second.releases.checkCanaries();
    const rolledBackAt = Date.now();
    assert.equal((await configOf(second)).remotes.payments.canary, undefined);
    assert.equal(await rollbacksOf(second), 1);

    while ((await configOf(first)).remotes.payments.canary !== undefined) {
      assert.ok(
        Date.now() - rolledBackAt < RELEASES_FRESH_MS + 100,
        'the first instance still names the canary',
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The first instance's check finds nothing left to roll back: the rollback counts once.
    await first.releases.checkCanaries();
    assert.equal(await rollbacksOf(first), 0);
    assert.equal(await rollbacksOf(second), 1);
    const rows = await database.db.select().from(remoteReleases);
    assert.deepEqual(
      rows.map((row) => [row.id, row.state]),
      [[id, 'rolled_back']],
    );
  });
});
