/**
 * Load test of the hot paths with autocannon, against an in-process server on a fresh in-memory
 * database: `npm run bench -w server` (BENCH_SECONDS and BENCH_CONNECTIONS tune it).
 */
import { createRequire } from 'node:module';
import { buildApp } from '../src/app';
import { readEnv } from '../src/config/env';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections: number;
  duration: number;
}
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const app = await buildApp(
  { ...readEnv({}), dataDir: null, rateLimitMax: 100_000_000, logLevel: 'warn' },
  { logger: false },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const origin = `http://127.0.0.1:${address.port}`;

const json = { 'content-type': 'application/json', 'x-app-name': 'web', 'x-language': 'en-us' };
const info = await app.inject({
  method: 'POST',
  url: '/api/share/info',
  payload: { share_url: 'demo-public' },
});
const shareId = info.json<{ data: { id: number } }>().data.id;

const scenarios: { name: string; options: Omit<AutocannonOptions, 'connections' | 'duration'> }[] =
  [
    {
      name: 'POST /api/share/info',
      options: {
        url: `${origin}/api/share/info`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ share_url: `${origin}/s/demo-public` }),
      },
    },
    {
      name: 'POST /api/share/detail (root of demo-public)',
      options: {
        url: `${origin}/api/share/detail`,
        method: 'POST',
        headers: json,
        body: JSON.stringify({ share_id: shareId, extract_code: '' }),
      },
    },
    { name: 'GET /config.json', options: { url: `${origin}/config.json` } },
    { name: 'GET /s/demo-public (page)', options: { url: `${origin}/s/demo-public` } },
  ];

console.log(`autocannon: ${connections} connections, ${seconds} s per scenario, ${origin}\n`);
const rows = [];
for (const scenario of scenarios) {
  const result = await autocannon({ ...scenario.options, connections, duration: seconds });
  rows.push({
    scenario: scenario.name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    total: result.requests.total,
    'non-2xx': result.non2xx,
    errors: result.errors + result.timeouts,
  });
}
console.table(rows);
await app.close();
