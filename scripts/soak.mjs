// `npm run soak`: one instance on PostgreSQL under mixed traffic for 20 minutes (pages, share
// lookups, listings of a public and a protected share, media, sign-ins, saves), reporting at the
// end of each minute the process's memory after a full garbage collection (RSS and the
// JavaScript heap: what the process holds on to, not what it has yet to collect) and the
// requests' p99. It prints the table of docs/operations/faults-and-chaos.md, "Soak", and exits 1
// when the heap or RSS of the last minute is more than 10 % above the second minute's (issue 27).
//
//   npm run soak [-- --minutes 20]
import { spawn } from 'node:child_process';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startIdentityKeys } from './identity-keys.mjs';
import { startPostgres } from './local-services.mjs';
import { freePort, repoRoot, serverCommand } from './product-server.mjs';

const CONCURRENCY = 8;
/** The growth allowed between the second minute and the last. */
const MAX_GROWTH = 0.1;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The instance's memory after a full garbage collection (scripts/soak-instance.mjs). */
function memoryOf(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the instance did not report its memory')),
      10_000,
    );
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message.memory);
    });
    child.send('memory');
  });
}

async function untilReady(url, child) {
  for (let waited = 0; waited < 180_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the instance exited (${child.exitCode})`);
    if (
      await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await sleep(250);
  }
  throw new Error('the instance did not become ready');
}

/** Mixed traffic of `CONCURRENCY` clients, each request timed; until `stop()`. */
function startTraffic(url, keys) {
  const latencies = [];
  let errors = 0;
  let stopped = false;
  const timed = async (path, init) => {
    const start = performance.now();
    try {
      const response = await fetch(`${url}${path}`, {
        ...init,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      if (!response.ok) errors += 1;
      latencies.push(performance.now() - start);
      return response;
    } catch {
      errors += 1;
      latencies.push(performance.now() - start);
      return null;
    }
  };
  const api = async (route, body, token) => {
    const start = performance.now();
    const response = await fetch(`${url}/api${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': randomBytes(16).toString('hex'),
        ...(token ? { 'x-token': token } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    const envelope = response ? await response.json().catch(() => null) : null;
    latencies.push(performance.now() - start);
    if (envelope?.code !== 0) errors += 1;
    return envelope?.data;
  };
  const client = async (index) => {
    let token = '';
    const pub = await api('/share/info', { share_url: 'demo-public' });
    const priv = await api('/share/info', { share_url: 'demo-private' });
    for (let round = 0; !stopped; round += 1) {
      // Every 200 rounds another person on this client: signs in, and saves as that person.
      if (round % 200 === 0) {
        const person = `soak-${index}-${round / 200}`;
        token = (await api('/login', { third_token: await keys.sign(person) }))?.token ?? '';
      }
      await timed(`/s/${round % 2 ? 'demo-public' : 'demo-private'}`);
      const root = await api('/share/detail', {
        share_id: pub.id,
        share_code: 'demo-public',
        extract_code: '',
      });
      const list = await api('/share/detail', {
        share_id: priv.id,
        share_code: 'demo-private',
        extract_code: 'ab12',
      });
      const media = root?.file_list.find((item) => item.thumb_url)?.thumb_url;
      if (media) await timed(new URL(media).pathname);
      if (round % 10 === 0 && token && list) {
        const documents = list.file_list.find((item) => item.name === 'Documents');
        await api(
          '/share/save_file',
          {
            share_id: priv.id,
            share_code: 'demo-private',
            extract_code: 'ab12',
            folder_id: -1,
            file_ids: [documents.id],
          },
          token,
        );
      }
    }
  };
  const clients = Array.from({ length: CONCURRENCY }, (_, index) => client(index));
  return {
    /** The latencies and errors since the last call (and forgets them). */
    take() {
      const taken = { latencies: latencies.splice(0), errors };
      errors = 0;
      return taken;
    },
    async stop() {
      stopped = true;
      await Promise.all(clients);
    },
  };
}

const p99 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

export async function runSoak({ minutes = 20, log = console.log } = {}) {
  const postgres = await startPostgres();
  const keys = await startIdentityKeys();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { command } = serverCommand();
  const child = spawn(
    command,
    ['--expose-gc', '--import', 'tsx', path.join(repoRoot, 'scripts/soak-instance.mjs')],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: url,
        MASTER_SECRET: randomBytes(32).toString('base64url'),
        DATABASE_URL: postgres.url,
        IDENTITY_PROVIDER: 'firebase',
        FIREBASE_PROJECT_ID: keys.projectId,
        FIREBASE_API_KEY: 'soak-web-api-key',
        FIREBASE_JWKS_URL: keys.jwksUrl,
        ENABLE_DEMO_DATA: '1',
        RATE_LIMIT_MAX: '100000000',
        LOG_LEVEL: 'warn',
      },
    },
  );
  try {
    await untilReady(url, child);
    const traffic = startTraffic(url, keys);
    const rows = [];
    for (let minute = 1; minute <= minutes; minute += 1) {
      await sleep(60_000);
      const { latencies, errors } = traffic.take();
      const memory = await memoryOf(child);
      const row = {
        minute,
        requests: latencies.length,
        errors,
        p99Ms: p99(latencies),
        rssMb: memory.rss / 2 ** 20,
        heapMb: memory.heapUsed / 2 ** 20,
        externalMb: memory.external / 2 ** 20,
      };
      rows.push(row);
      log(
        `minute ${minute}: ${row.requests} requests, ${row.errors} errors, p99 ${row.p99Ms.toFixed(0)} ms, RSS ${row.rssMb.toFixed(1)} MB, heap ${row.heapMb.toFixed(1)} MB, external ${row.externalMb.toFixed(1)} MB`,
      );
    }
    await traffic.stop();
    return rows;
  } finally {
    child.kill('SIGTERM');
    keys.stop();
    postgres.stop();
  }
}

/** How much the last minute's RSS and heap exceed the second minute's (0.05: 5 % more). */
export function growthOf(rows) {
  const second = rows[1] ?? rows[0];
  const last = rows.at(-1);
  return { rss: last.rssMb / second.rssMb - 1, heap: last.heapMb / second.heapMb - 1 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const flag = process.argv.indexOf('--minutes');
  const minutes = flag > 0 ? Number(process.argv[flag + 1]) : 20;
  const rows = await runSoak({ minutes });
  console.log('\n| minute | requests | errors | p99 | RSS | heap used (after a full GC) |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    console.log(
      `| ${row.minute} | ${row.requests} | ${row.errors} | ${row.p99Ms.toFixed(0)} ms | ${row.rssMb.toFixed(1)} MB | ${row.heapMb.toFixed(1)} MB |`,
    );
  }
  const growth = growthOf(rows);
  const verdict = growth.rss <= MAX_GROWTH && growth.heap <= MAX_GROWTH;
  console.log(
    `\nlast minute against the second: RSS ${(growth.rss * 100).toFixed(1)} %, heap ${(growth.heap * 100).toFixed(1)} % (bound ${MAX_GROWTH * 100} %): ${verdict ? 'met' : 'NOT MET'}`,
  );
  process.exit(verdict ? 0 : 1);
}
