import { devices, expect, test, type Page } from '@playwright/test';
import { untilMeasuring, untilTapTimed } from '../support/canary';
import { scriptModule } from './topology';

type ScaleModule = typeof import('../../scripts/scale.mjs');
type LocalServicesModule = typeof import('../../scripts/local-services.mjs');
type RuleOperandsModule = typeof import('../../scripts/rule-operands.mjs');
type Topology = Awaited<ReturnType<ScaleModule['startScaleTopology']>>;

/**
 * Issue 50: on fresh instances, after the first visit of each page kind, every SLO and every
 * alert reads a number. prom-client made a series at its first observation, so `rate()` missed
 * the first visit of each (the README's p75 example answered NaN): every series a rule reads is
 * now in /metrics at zero from start-up. Prometheus runs the repository's rules
 * (ops/prometheus/) against two instances started for this test alone.
 */

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

/** The visits below, one per page kind, on the phone (platform "android"). */
const VISITS = [
  { page: 'share_list', path: '/s/demo-public' },
  { page: 'extract_code', path: '/s/demo-private' },
  { page: 'status', path: '/s/no-such-share' },
  { page: 'home', path: '/' },
  { page: 'invite', path: '/invite' },
];

let topology: Topology | undefined;

test.afterAll(async () => {
  await topology?.stop();
});

async function query(prometheus: string, expr: string, at?: number): Promise<Sample[]> {
  const url = new URL('/api/v1/query', prometheus);
  url.searchParams.set('query', expr);
  if (at !== undefined) url.searchParams.set('time', String(at));
  const answer = (await (await fetch(url)).json()) as {
    status: string;
    error?: string;
    data?: { resultType: string; result: Sample[] | [number, string] };
  };
  if (answer.status !== 'success') throw new Error(`${expr}: ${answer.error ?? answer.status}`);
  const result = answer.data?.result ?? [];
  // A scalar (vector(0) alone, a literal) is one number.
  return answer.data?.resultType === 'scalar'
    ? [{ metric: {}, value: result as [number, string] }]
    : (result as Sample[]);
}

/**
 * A page visited until web-vitals measures it, with a tap in its middle (the interaction INP
 * measures; within the app, whatever it lands on), then left: its beacon goes with every vital.
 */
async function visitAndLeave(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await untilMeasuring(page);
  const size = page.viewportSize() ?? { width: 400, height: 800 };
  await page.touchscreen.tap(size.width / 2, size.height / 2);
  await untilTapTimed(page);
  await page.goto('about:blank');
}

/**
 * What is wrong with an expression's answer: empty, or NaN where it speaks of what was visited
 * (a page kind on the phone; anything it does not split by page). A page kind or platform
 * nobody visited has no percentile yet, and says NaN honestly.
 */
function problemOf(samples: Sample[]): string | null {
  if (samples.length === 0) return 'empty';
  const visited = samples.filter(
    ({ metric }) =>
      (metric.page === undefined || VISITS.some((visit) => visit.page === metric.page)) &&
      (metric.platform === undefined || metric.platform === 'android'),
  );
  if (visited.length === 0) return 'nothing of the visits';
  const numbers = visited.filter(({ value }) => Number.isFinite(Number(value[1])));
  if (samples.some(({ metric }) => metric.page !== undefined)) {
    const missing = VISITS.filter(
      (visit) => !numbers.some(({ metric }) => metric.page === visit.page),
    ).map((visit) => visit.page);
    return missing.length > 0 ? `NaN or missing for ${missing.join(', ')}` : null;
  }
  return numbers.length > 0 ? null : 'NaN';
}

test('every SLO and alert reads a number after the first visit of each page kind', async ({
  browser,
}) => {
  const [{ startScaleTopology }, { hasPrometheus }, { operandsOf }] = await Promise.all([
    scriptModule<ScaleModule>('scale.mjs'),
    scriptModule<LocalServicesModule>('local-services.mjs'),
    scriptModule<RuleOperandsModule>('rule-operands.mjs'),
  ]);
  test.skip(!hasPrometheus(), "needs Debian's prometheus (apt-get install prometheus)");
  test.setTimeout(300_000);
  const started = await startScaleTopology({ instances: 2, env: { FIELD_SAMPLE_RATE: '1' } });
  topology = started;
  const site = started.url;
  const prometheus = started.prometheus?.url;
  if (!prometheus) throw new Error('Prometheus runs');
  // The zeros of start-up scraped before the first visit: every instance scraped twice.
  await expect
    .poll(
      async () => (await query(prometheus, 'count_over_time(up{job="nimbus"}[1m]) >= 2')).length,
      {
        timeout: 60_000,
      },
    )
    .toBe(2);

  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const page = await context.newPage();
  for (const visit of VISITS) await visitAndLeave(page, `${site}${visit.path}`);
  await context.close();
  // API calls: a share's answers, and a wrong code refused.
  for (const [route, body] of [
    ['/api/share/info', { share_url: 'demo-private' }],
    ['/api/share/detail', { share_id: 2, share_code: 'demo-private', extract_code: 'zz99' }],
  ] as const) {
    const answer = await fetch(`${site}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-name': 'web' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBeLessThan(500);
  }

  // Every beacon counted, then scraped and evaluated (every 5 s) twice more.
  await expect
    .poll(
      async () =>
        Number(
          (await query(prometheus, 'sum(nimbus_frontend_visits_total{remote="shell"})'))[0]
            ?.value[1] ?? 0,
        ),
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(VISITS.length);
  const counted = Date.now() / 1000;
  await expect
    .poll(
      async () => {
        const rules = (await (await fetch(`${prometheus}/api/v1/rules`)).json()) as {
          data: { groups: { lastEvaluation: string }[] };
        };
        return rules.data.groups.every(
          (group) => Date.parse(group.lastEvaluation) / 1000 > counted + 10,
        );
      },
      { timeout: 60_000 },
    )
    .toBe(true);

  const rules = (await (await fetch(`${prometheus}/api/v1/rules`)).json()) as {
    data: { groups: { rules: { type: string; name: string; query: string }[] }[] };
  };
  const problems: string[] = [];
  let asked = 0;
  for (const rule of rules.data.groups.flatMap((group) => group.rules)) {
    const expressions = rule.type === 'recording' ? [rule.query] : operandsOf(rule.query);
    for (const expr of expressions) {
      asked += 1;
      const problem = problemOf(await query(prometheus, expr));
      if (problem) problems.push(`${rule.name}: ${expr}: ${problem}`);
    }
  }
  console.log(`${asked} expressions asked, ${problems.length} without a number`);
  expect(asked).toBeGreaterThan(50);
  expect(problems).toEqual([]);
});
