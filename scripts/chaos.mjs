// `npm run chaos`: the product on the "Running at scale" topology (three instances behind
// HAProxy, PostgreSQL, Redis, and a stand-in for Firebase's key endpoint) through its own
// infrastructure's faults, one after another, while visitors walk the whole journey without a
// pause: open the protected share, enter its code, browse a folder and back, preview a video,
// sign in, save. During each fault a share is canceled, and every instance is asked directly
// until it refuses it. The run prints a table (README, "When a dependency fails") and exits 1
// when an acceptance bound of issue 27 is not met.
//
//   npm run chaos             the full run (about four minutes)
//   npm run chaos -- --short  the short run that `npm test` makes (e2e/scale/chaos.spec.ts)
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startIdentityKeys } from './identity-keys.mjs';
import { startScaleTopology } from './scale.mjs';

/** The journeys' share, and the share canceled (then reopened) during each fault. */
const SHARE = { code: 'demo-private', extractCode: 'ab12' };
const CANCELED_SHARE = 'demo-public';

/** The acceptance bounds of issue 27. */
export const BOUNDS = { longestRequestMs: 10_000, recoverMs: 10_000, refusedEverywhereMs: 2000 };

/** How long each part lasts: the full run, and the short one of `npm test`. */
const PLANS = {
  full: { visitors: 4, steadyMs: 15_000, settleMs: 8000, redisStallMs: 15_000, keyHangMs: 12_000 },
  short: { visitors: 3, steadyMs: 4000, settleMs: 3000, redisStallMs: 5000, keyHangMs: 6000 },
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const newKey = () => randomBytes(16).toString('hex');

/** Every HTTP exchange of the run: when it started and ended, and whether it went well. */
class Exchanges {
  list = [];
  add(start, end, ok) {
    this.list.push({ start, end, ok });
  }
  longestBetween(from, to) {
    return this.list
      .filter((exchange) => exchange.start >= from && exchange.start <= to)
      .reduce((longest, exchange) => Math.max(longest, exchange.end - exchange.start), 0);
  }
}

/** A step of a journey that did not go as it should. */
class StepFailed extends Error {
  constructor(step, reason, request) {
    super(`${step}: ${reason}`);
    this.step = step;
    this.request = request;
  }
}

/**
 * A client that behaves as the site's API client: 10 s per call, a new Idempotency-Key per call
 * kept when a 503 (code 5003) is sent again after its Retry-After (twice at most).
 */
function apiClient(site, exchanges) {
  async function exchange(step, url, init, started) {
    const start = Date.now();
    const left = 10_000 - (start - started);
    try {
      const response = await fetch(url, {
        ...init,
        signal: AbortSignal.timeout(Math.max(1, left)),
      });
      const body = response.headers.get('content-type')?.includes('json')
        ? await response.json()
        : await response.arrayBuffer();
      exchanges.add(start, Date.now(), response.ok);
      return { response, body, start };
    } catch (error) {
      const end = Date.now();
      exchanges.add(start, end, false);
      const reason = error?.name === 'TimeoutError' ? 'no answer within 10 s' : 'network error';
      throw new StepFailed(step, reason, { start, end });
    }
  }

  /** A call through the site; resolves with its envelope's data when its code is 0. */
  async function call(step, route, body, { token, key = newKey() } = {}) {
    const started = Date.now();
    for (let attempt = 0; ; attempt += 1) {
      const {
        response,
        body: envelope,
        start,
      } = await exchange(
        step,
        `${site}/api${route}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-app-name': 'web',
            'x-language': 'en-us',
            'idempotency-key': key,
            ...(token ? { 'x-token': token } : {}),
          },
          body: JSON.stringify(body),
        },
        started,
      );
      const retryAfter = Number(envelope?.data?.retry_after ?? 1);
      if (response.status === 503 && envelope?.code === 5003 && attempt < 2) {
        await sleep(retryAfter * 1000);
        continue;
      }
      if (envelope?.code !== 0) {
        throw new StepFailed(step, `code ${envelope?.code}: ${envelope?.msg}`, {
          start,
          end: Date.now(),
        });
      }
      return envelope.data;
    }
  }

  /** A page or a media file, fetched again (a reload) after a 503 with Retry-After. */
  async function get(step, url) {
    const started = Date.now();
    for (let attempt = 0; ; attempt += 1) {
      const { response, body, start } = await exchange(step, url, {}, started);
      if (response.status === 503 && attempt < 2) {
        await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
        continue;
      }
      if (!response.ok) {
        throw new StepFailed(step, `HTTP ${response.status}`, { start, end: Date.now() });
      }
      return { url: response.url, body };
    }
  }
  return { call, get };
}

/** A person's pause between two steps (reading, tapping): the traffic of real visitors. */
const THINK_MS = 250;

/** One visitor's whole journey; resolves with what happened. */
async function journey(client, keys, subject) {
  const started = Date.now();
  const record = { subject, started, ended: 0, failure: null, saved: false };
  try {
    await client.get('open the share', `${client.site}/s/${SHARE.code}`);
    const info = await client.call('look the share up', '/share/info', { share_url: SHARE.code });
    const share = { share_id: info.id, share_code: SHARE.code, extract_code: SHARE.extractCode };
    await sleep(THINK_MS);
    const root = await client.call('enter the code', '/share/detail', share);
    const named = (name) => root.file_list.find((item) => item.name === name);
    const photos = named('Photos');
    await sleep(THINK_MS);
    await client.call('open a folder', '/share/detail', { ...share, folder_id: photos.id });
    await sleep(THINK_MS);
    await client.call('back to the top', '/share/detail', share);
    await sleep(THINK_MS);
    const playlist = await client.get('preview a video', named('Ocean Waves.mp4').download_url);
    const segment = new TextDecoder()
      .decode(playlist.body)
      .split('\n')
      .find((line) => line.endsWith('.m2ts'));
    await client.get('play its first segment', new URL(segment, playlist.url).toString());
    await sleep(THINK_MS);
    const login = await client.call('sign in', '/login', {
      third_token: await keys.sign(subject),
    });
    await sleep(THINK_MS);
    await client.call(
      'save',
      '/share/save_file',
      { ...share, folder_id: -1, file_ids: [named('Documents').id] },
      { token: login.token },
    );
    record.saved = true;
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error;
    record.failure = error;
  }
  record.ended = Date.now();
  return record;
}

/** Visitors walking the journey without a pause, until stopped. */
function startTraffic(client, keys, visitors, runId) {
  const journeys = [];
  let stopped = false;
  let next = 0;
  const loops = Array.from({ length: visitors }, async () => {
    while (!stopped) {
      const run = await journey(client, keys, `chaos-${runId}-${next++}`);
      journeys.push(run);
      // Someone whose journey failed tries again a moment later, not at once.
      if (run.failure) await sleep(1000);
    }
  });
  return {
    journeys,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/**
 * Whether an instance (asked directly, not through the balancer) refuses the canceled share: its
 * status answers 2 and its media link answers 403. null while it does not answer at all.
 */
async function refusesCanceled(port, mediaPath) {
  try {
    const base = `http://127.0.0.1:${port}`;
    const info = await fetch(`${base}/api/share/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ share_url: CANCELED_SHARE }),
      signal: AbortSignal.timeout(2000),
    }).then((response) => response.json());
    const media = await fetch(`${base}${mediaPath}`, { signal: AbortSignal.timeout(2000) });
    return {
      canceled: info?.data?.status === 2 && media.status === 403,
      open: info?.data?.status === 1 && media.ok,
    };
  } catch {
    return null;
  }
}

/** Polls `check` every 50 ms until it holds; the milliseconds it took, or null after `limitMs`. */
async function timeUntil(check, limitMs) {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    if (await check()) return Date.now() - start;
    await sleep(50);
  }
  return null;
}

/** Every instance that runs answers /readyz with `ready` (no dependency away). */
async function allReady(topology) {
  const answers = await Promise.all(
    topology.instances.map((instance) =>
      fetch(`http://127.0.0.1:${instance.port}/readyz`, { signal: AbortSignal.timeout(2000) })
        .then((response) => response.json())
        .catch(() => null),
    ),
  );
  return answers.every((answer) => answer?.status === 'ready');
}

/** Runs the whole chaos; resolves with the table's rows. */
export async function runChaos({ short = false, log = console.log } = {}) {
  const plan = short ? PLANS.short : PLANS.full;
  const keys = await startIdentityKeys({ maxAgeSeconds: 2 });
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'nimbus-chaos-logs-'));
  log(`Starting PostgreSQL, Redis, three instances and HAProxy (instance logs: ${logDir}) ...`);
  const topology = await startScaleTopology({
    instances: 3,
    identity: { projectId: keys.projectId, jwksUrl: keys.jwksUrl },
    logDir,
    // Every visitor of the run is one client address: the rate limit is not what is tried here.
    rateLimitMax: 1_000_000,
  });
  try {
    return await runFaults(topology, keys, plan, log, logDir);
  } finally {
    await topology.stop();
    keys.stop();
  }
}

/** The traffic and the faults, on a started topology. */
async function runFaults(topology, keys, plan, log, logDir) {
  // An operator's session: cancels and reopens the share, and causes the database's faults.
  let admin = null;
  const sql = async (text, values = []) => {
    // The database may be restarting: the writes wait for it (and are timed from their commit).
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if (!admin) {
          const next = new pg.Client({ connectionString: topology.postgres.url });
          next.on('error', () => {
            if (admin === next) admin = null;
          });
          await next.connect();
          admin = next;
        }
        return await admin.query(text, values);
      } catch (error) {
        await admin?.end().catch(() => undefined);
        admin = null;
        if (Date.now() > deadline) throw error;
        await sleep(100);
      }
    }
  };
  /** Another database of the cluster: a database's connections are refused from outside it. */
  const elsewhere = new URL(topology.postgres.url);
  elsewhere.pathname = '/template1';

  const exchanges = new Exchanges();
  const client = { ...apiClient(topology.url, exchanges), site: topology.url };
  const runId = randomBytes(3).toString('hex');
  const canceledMedia = await (async () => {
    const share = await client.call('setup', '/share/info', { share_url: CANCELED_SHARE });
    const list = await client.call('setup', '/share/detail', {
      share_id: share.id,
      share_code: CANCELED_SHARE,
      extract_code: '',
    });
    return new URL(list.file_list.find((item) => item.thumb_url).thumb_url).pathname;
  })();
  /** The save of demo-large's 10,000 files the SIGKILL fault interrupts. */
  const big = await (async () => {
    const share = await client.call('setup', '/share/info', { share_url: 'demo-large' });
    const root = await client.call('setup', '/share/detail', {
      share_id: share.id,
      share_code: 'demo-large',
      extract_code: '',
    });
    const folder = root.file_list[0];
    return {
      subject: `chaos-${runId}-large`,
      folderName: folder.name,
      key: newKey(),
      killedMidSave: false,
      saved: false,
      request: {
        share_id: share.id,
        share_code: 'demo-large',
        extract_code: '',
        folder_id: -1,
        file_ids: [folder.id],
      },
    };
  })();
  const traffic = startTraffic(client, keys, plan.visitors, runId);
  /** Moments a request in flight may fail (a SIGKILL, a database going down). */
  const abrupt = [];
  const rows = [];

  /** Cancels the share, times until every running instance refuses it, then reopens it. */
  async function cancelDuringFault(downPort = null) {
    await sql('update shares set status = 2 where code = $1', [CANCELED_SHARE]);
    const refusedIn = await timeUntil(async () => {
      const answers = await Promise.all(
        topology.instances
          .filter((instance) => instance.port !== downPort)
          .map((instance) => refusesCanceled(instance.port, canceledMedia)),
      );
      return answers.every((answer) => answer?.canceled);
    }, 10_000);
    await sql('update shares set status = 1 where code = $1', [CANCELED_SHARE]);
    await timeUntil(async () => {
      const answers = await Promise.all(
        topology.instances.map((instance) => refusesCanceled(instance.port, canceledMedia)),
      );
      return answers.every((answer) => answer?.open);
    }, 10_000);
    return refusedIn;
  }

  /**
   * Runs one fault after a few seconds of plain traffic: `inject` causes it, cancels the share
   * during it, and brings its dependency back; the row ends once every instance is ready again.
   */
  async function fault(name, inject) {
    const start = Date.now();
    await sleep(plan.settleMs);
    log(`- ${name}`);
    const { returnedAt, refusedIn } = await inject();
    // From the dependency's return until every instance is ready again.
    const readyIn = await timeUntil(() => allReady(topology), 30_000);
    const recoverIn = readyIn === null ? null : Date.now() - returnedAt;
    rows.push({ name, start, end: Date.now(), returnedAt, refusedIn, recoverIn });
  }

  await sleep(plan.steadyMs);
  rows.push({
    name: 'none (steady traffic)',
    start: 0,
    end: Date.now(),
    returnedAt: null,
    refusedIn: await cancelDuringFault(),
    recoverIn: null,
  });

  await fault('PostgreSQL restarts (pg_ctl restart -m fast)', async () => {
    const down = Date.now();
    await topology.postgres.restart();
    const returnedAt = Date.now();
    abrupt.push([down, returnedAt]);
    return { returnedAt, refusedIn: await cancelDuringFault() };
  });

  await fault('every idle connection terminated', async () => {
    const at = Date.now();
    await sql(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and state = 'idle' and pid <> pg_backend_pid()`,
    );
    abrupt.push([at, Date.now()]);
    return { returnedAt: Date.now(), refusedIn: await cancelDuringFault() };
  });

  await fault('LISTEN connections dropped, reconnects refused for 1.5 s', async () => {
    const operator = new pg.Client({ connectionString: elsewhere.toString() });
    await operator.connect();
    // The operator's session on the site's database stays open meanwhile.
    await sql('select 1');
    await operator.query('alter database postgres allow_connections false');
    const at = Date.now();
    await sql(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = 'nimbus-share-changes'`,
    );
    abrupt.push([at, at + 1500]);
    // Canceled while nobody listens and new sessions are refused.
    const [refusedIn] = await Promise.all([cancelDuringFault(), sleep(1500)]);
    await operator.query('alter database postgres allow_connections true');
    await operator.end();
    return { returnedAt: Date.now(), refusedIn };
  });

  await fault(
    `Redis stalled (SIGSTOP) for ${plan.redisStallMs / 1000} s, then killed and started again`,
    async () => {
      topology.redis.pause();
      const [refusedIn] = await Promise.all([cancelDuringFault(), sleep(plan.redisStallMs)]);
      await topology.redis.kill();
      topology.redis.resume();
      await topology.redis.start();
      return { returnedAt: Date.now(), refusedIn };
    },
  );

  await fault(`Firebase's key endpoint hangs for ${plan.keyHangMs / 1000} s`, async () => {
    keys.hang();
    const [refusedIn] = await Promise.all([cancelDuringFault(), sleep(plan.keyHangMs)]);
    keys.answer();
    return { returnedAt: Date.now(), refusedIn };
  });

  await fault('an instance SIGKILLed mid-save, then started again', async () => {
    // A save of 10,000 files sent to one instance, killed while it copies them; the visitor's
    // client sends the same call again (same Idempotency-Key) through the balancer.
    const victim = topology.instances[1];
    const viaVictim = apiClient(`http://127.0.0.1:${victim.port}`, exchanges);
    const login = await client.call('sign in', '/login', {
      third_token: await keys.sign(big.subject),
    });
    const call = (via) =>
      via.call('save 10,000 files', '/share/save_file', big.request, {
        token: login.token,
        key: big.key,
      });
    const inFlight = call(viaVictim).catch((error) => error);
    await sleep(150);
    const at = Date.now();
    await victim.stop('SIGKILL');
    abrupt.push([at, Date.now()]);
    big.killedMidSave = (await inFlight) instanceof StepFailed;
    big.saved = await call(client).then(
      () => true,
      () => false,
    );
    const refusedIn = await cancelDuringFault(victim.port);
    // Its orchestrator starts it again: recovered once it is ready.
    const returnedAt = Date.now();
    await victim.start();
    return { returnedAt, refusedIn };
  });

  await traffic.stop();
  const saved = await sql(
    `select split_part(u.external_id, '|', 2) as subject,
            count(f.id) filter (where f.name ~ '^Documents( \\(\\d+\\))?$')::int as copies
     from users u left join cloud_folders f on f.user_id = u.id
     where u.external_id like $1 group by u.external_id`,
    [`%|chaos-${runId}-%`],
  );
  const copies = new Map(saved.rows.map((row) => [row.subject, row.copies]));
  const largeCopy = await sql(
    `select count(distinct f.id)::int as folders, count(c.id)::int as files
     from users u join cloud_folders f on f.user_id = u.id and f.name like $2
     left join cloud_files c on c.folder_id = f.id
     where u.external_id like $1`,
    [`%|${big.subject}`, `${big.folderName}%`],
  );
  const large = largeCopy.rows[0] ?? { folders: 0, files: 0 };
  await admin?.end().catch(() => undefined);

  const inFlight = (failure) =>
    abrupt.some(
      ([from, to]) => failure.request && failure.request.start <= to && failure.request.end >= from,
    );
  const table = rows.map((row, index) => {
    const until = rows[index + 1]?.start ?? Infinity;
    const crashes = topology.unexpectedExits.filter(
      (exit) => exit.at >= row.start && exit.at < until,
    );
    const mine = traffic.journeys.filter(
      (run) => run.started >= row.start && run.started < row.end,
    );
    const failed = mine.filter((run) => run.failure);
    const excused = failed.filter((run) => inFlight(run.failure));
    let lost = mine.filter((run) => run.saved && (copies.get(run.subject) ?? 0) === 0).length;
    let doubled = mine.filter((run) => (copies.get(run.subject) ?? 0) > 1).length;
    if (row.name.includes('SIGKILL')) {
      // The interrupted save of 10,000 files: once, whole, after its client sent it again.
      if (big.saved && (large.folders === 0 || large.files < 10_000)) lost += 1;
      if (large.folders > 1 || large.files > 10_000) doubled += 1;
      if (!big.saved) row.failures = ['the interrupted save of 10,000 files did not go through'];
    }
    return {
      fault: row.name,
      journeys: mine.length,
      failed: failed.length - excused.length,
      inFlight: excused.length,
      failures: [...(row.failures ?? []), ...failed.map((run) => run.failure.message)],
      crashes: crashes.map(
        (exit) => `the instance on ${exit.port} ended by itself (${exit.signal ?? exit.code})`,
      ),
      killedMidSave: row.name.includes('SIGKILL') ? big.killedMidSave : undefined,
      lost,
      doubled,
      longestRequestMs: exchanges.longestBetween(row.start, row.end),
      recoverMs: row.recoverIn,
      refusedEverywhereMs: row.refusedIn,
    };
  });
  return { table, logDir };
}

/** The acceptance bounds a row misses (empty: it meets them all). */
export function missedBounds(row) {
  const missed = [];
  if (row.journeys === 0) missed.push('no journey ran');
  missed.push(...row.crashes);
  if (row.failed > 0) missed.push(`${row.failed} journeys failed`);
  if (row.failures.length > row.failed + row.inFlight) missed.push(row.failures[0]);
  if (row.lost > 0 || row.doubled > 0)
    missed.push(`${row.lost} saves lost, ${row.doubled} doubled`);
  if (row.longestRequestMs > BOUNDS.longestRequestMs) missed.push('a request over 10 s');
  if (row.recoverMs === null && row.fault !== 'none (steady traffic)')
    missed.push('did not recover');
  if (row.recoverMs !== null && row.recoverMs > BOUNDS.recoverMs)
    missed.push('recovered after 10 s');
  if (row.refusedEverywhereMs === null || row.refusedEverywhereMs > BOUNDS.refusedEverywhereMs) {
    missed.push('canceled share not refused everywhere within 2 s');
  }
  return missed;
}

const seconds = (ms) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);

/** The table as the README shows it (Markdown). */
export function formatTable(table) {
  const lines = [
    '| fault | journeys run / failed (in flight at a kill or restart) | saves lost / doubled | longest request | recovered after | canceled share refused everywhere after |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of table) {
    lines.push(
      `| ${row.fault} | ${row.journeys} / ${row.failed} (${row.inFlight}) | ${row.lost} / ${row.doubled} | ${seconds(row.longestRequestMs)} | ${seconds(row.recoverMs)} | ${seconds(row.refusedEverywhereMs)} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const short = process.argv.includes('--short');
  const { table, logDir } = await runChaos({ short });
  console.log(`\n${formatTable(table)}\n`);
  for (const row of table) {
    for (const failure of row.failures) console.log(`  ${row.fault}: ${failure}`);
    if (row.killedMidSave !== undefined) {
      console.log(
        `  ${row.fault}: the save of 10,000 files was ${row.killedMidSave ? 'cut off by the kill, then sent again' : 'done before the kill'}`,
      );
    }
  }
  const missed = table.flatMap((row) => missedBounds(row).map((text) => `${row.fault}: ${text}`));
  console.log(missed.length ? `NOT MET:\n  ${missed.join('\n  ')}` : 'Every bound met.');
  console.log(`Instance logs: ${logDir}`);
  process.exit(missed.length ? 1 : 0);
}
