// The chaos run's canary check (issue 50; docs/operations/releases.md): on a running topology, a
// broken canary of remote-payments is stopped by the server after at most STOPPED_WITHIN failing
// visits, and a healthy one steps 1 → 10 → 50 → 100 % and is promoted by itself. The visits are
// beacons as browsers send them, each from a loopback address of its own (a visitor each), to the
// balancer: they land on every instance, which judge them together.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { postFrom } from './post-from.mjs';
import { constantOf } from './release.mjs';
import { repoRoot } from './product-server.mjs';

/** The instances' settings for it: a step judged after 10 visits, checked twice a second. */
export const CANARY_CHECK_ENV = { CANARY_MIN_VISITS: '10', CANARY_CHECK_MS: '500' };
const MIN_VISITS = Number(CANARY_CHECK_ENV.CANARY_MIN_VISITS);
/** The bound of issue 50: a canary whose visits all fail is stopped after at most 20 of them. */
export const STOPPED_WITHIN = 20;
/** The steps a healthy canary goes through (server/src/releases/canary-verdict.ts). */
const STEPS = [1, 10, 50, 100];
/** A failing visit every 50 ms: 20 a second on the canary, a busy site's 1 %. */
const FAILING_EVERY_MS = 50;
/** How long a step may take to be judged once its visits are in: a few checks. */
const STEP_WITHIN_MS = 10_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const releaseFolder = (release) => path.join(repoRoot, 'releases', 'payments', release);

/**
 * Removes the run's releases: the healthy one stays until the topology stops, as the promoted
 * release every page of payments names.
 */
export function removeCanaryReleases(runId) {
  for (const kind of ['broken', 'healthy']) {
    rmSync(releaseFolder(`chaos-${runId}-${kind}`), { recursive: true, force: true });
  }
}

/** remote-payments' build under another release name, as `npm run release` builds one. */
function writeRelease(release) {
  const folder = releaseFolder(release);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(path.dirname(folder), { recursive: true });
  cpSync(path.join(repoRoot, 'remote-payments', 'dist'), folder, { recursive: true });
  const contractVersion = constantOf(
    path.join(repoRoot, 'shared-contracts', 'src', 'version.ts'),
    'CONTRACT_VERSION',
  );
  writeFileSync(
    path.join(folder, 'release.json'),
    JSON.stringify({ remote: 'payments', release, contractVersion }),
  );
  return `/releases/payments/${release}/mf-manifest.json`;
}

/** One visit's beacon of a page that loaded remote-payments under `canary`. */
const beacon = (canary, track, errored) => ({
  page: 'share_list',
  platform: 'other',
  connection: '4g',
  shell: 'chaos',
  remotes: [{ name: 'payments', release: track, track, canary }],
  vitals: { lcp: 1200 },
  errors: errored ? [{ source: 'payments', kind: 'load', message: 'a release gone bad' }] : [],
});

/**
 * Runs both checks; resolves with them as the chaos table's rows hold checks (`what`, `ok`,
 * `detail`). `instances` are the instances' own addresses: a canary's visits count once each of
 * them names it.
 */
export async function checkCanaries({ site, opsToken, instances, runId }) {
  let visitor = 0;
  /** 127.0.6.1 to 127.0.6.250: the beacons' rate limit is per client network. */
  const visit = async (canary, track, errored = false) => {
    const address = `127.0.6.${(visitor++ % 250) + 1}`;
    const answer = await postFrom(site, address, '/field/beacon', beacon(canary, track, errored));
    if (answer.status !== 204) throw new Error(`a beacon was answered ${answer.status}`);
  };
  const ops = async (method, pathname, body) => {
    const response = await fetch(new URL(pathname, site), {
      method,
      headers: {
        Authorization: `Bearer ${opsToken}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const answer = await response.json();
    if (!response.ok && response.status !== 404) {
      throw new Error(`${method} ${pathname}: ${response.status} ${answer.error}`);
    }
    return answer;
  };
  const ended = async (id) =>
    (await ops('GET', '/ops/releases')).ended.find((row) => row.id === id) ?? null;
  /** Starts a canary at 1 % and resolves with its id once every instance names it. */
  const start = async (release, manifestUrl) => {
    const { id } = await ops('POST', '/ops/releases/payments/canary', {
      release,
      manifestUrl,
      percent: 1,
    });
    for (;;) {
      const named = await Promise.all(
        instances.map(async (url) => {
          const config = await (await fetch(`${url}/config.json`)).json();
          return config.remotes.payments.canary?.id === id;
        }),
      );
      if (named.every(Boolean)) return id;
      await sleep(100);
    }
  };

  const checks = [];
  const broken = `chaos-${runId}-broken`;
  try {
    const id = await start(broken, writeRelease(broken));
    for (let index = 0; index < MIN_VISITS; index += 1) await visit(id, 'stable');
    let failing = 0;
    let stopped = null;
    while (!stopped && failing < 2 * STOPPED_WITHIN) {
      await visit(id, 'canary', true);
      failing += 1;
      await sleep(FAILING_EVERY_MS);
      stopped = await ended(id);
    }
    checks.push({
      what: `a broken canary stopped after at most ${STOPPED_WITHIN} failing visits`,
      ok: stopped?.state === 'rolled_back' && failing <= STOPPED_WITHIN,
      detail: stopped
        ? `${stopped.state} once ${failing} failing visits were sent (${stopped.reason})`
        : `still running after ${failing} failing visits`,
    });
  } finally {
    await ops('POST', '/ops/releases/payments/rollback');
  }

  const healthy = `chaos-${runId}-healthy`;
  try {
    const id = await start(healthy, writeRelease(healthy));
    for (let index = 0; index < MIN_VISITS; index += 1) await visit(id, 'stable');
    const steps = [1];
    let promoted = null;
    while (!promoted && steps.length <= STEPS.length) {
      for (let index = 0; index < MIN_VISITS; index += 1) await visit(id, 'canary');
      const current = steps.at(-1);
      const deadline = Date.now() + STEP_WITHIN_MS;
      let next = null;
      while (!next && Date.now() < deadline) {
        await sleep(100);
        const status = await ops('GET', '/ops/releases');
        promoted = status.ended.find((row) => row.id === id) ?? null;
        const running = status.canaries.find((row) => row.id === id);
        next = promoted ?? (running && running.percent > current ? running.percent : null);
      }
      if (!next || promoted) break;
      steps.push(next);
    }
    checks.push({
      what: 'a healthy canary promoted by itself through 1, 10, 50 and 100 %',
      ok: promoted?.state === 'promoted' && steps.join() === STEPS.join(),
      detail: `steps ${steps.join(' → ')} %, then ${promoted ? `${promoted.state} (${promoted.reason})` : 'still running'}`,
    });
  } finally {
    await ops('POST', '/ops/releases/payments/rollback');
  }
  return checks;
}
