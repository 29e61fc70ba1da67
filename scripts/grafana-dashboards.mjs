// `node scripts/grafana-dashboards.mjs`: writes the Grafana dashboards of ops/grafana/ (the SLOs,
// the edge, the releases) from the panels below; the field vitals' dashboard (nimbus-field.json)
// is kept by hand. `--check` writes nothing and exits 1 when a file differs. Grafana loads every
// dashboard of ops/grafana through ops/grafana/provisioning/ (npm run scale, when installed).
// Tested by scripts/grafana-dashboards.test.mjs and, for the metric names their queries read,
// server/src/test/grafana-dashboards.test.ts.
import { isDeepStrictEqual } from 'node:util';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const GRAFANA_FOLDER = path.join(repoRoot, 'ops', 'grafana');

const DATASOURCE = { type: 'prometheus', uid: '${datasource}' };

/** A time series panel of `queries` ([expr, legend]) at row `y`, column `x` (of 24). */
function panel({ title, description, queries, unit = 'short', x = 0, y, w = 12, h = 8, max }) {
  return {
    type: 'timeseries',
    title,
    description,
    datasource: DATASOURCE,
    gridPos: { x, y, w, h },
    targets: queries.map(([expr, legendFormat], index) => ({
      refId: String.fromCharCode(65 + index),
      expr,
      legendFormat,
      datasource: DATASOURCE,
    })),
    fieldConfig: { defaults: { unit, ...(max === undefined ? {} : { max }) }, overrides: [] },
    options: {
      legend: { displayMode: 'table', placement: 'right', calcs: ['lastNotNull'] },
      tooltip: { mode: 'multi' },
    },
  };
}

const row = (title, y) => ({
  type: 'row',
  title,
  collapsed: false,
  gridPos: { x: 0, y, w: 24, h: 1 },
  panels: [],
});

function dashboard({ uid, title, description, panels, templating = [] }) {
  return {
    title,
    uid,
    description,
    tags: ['nimbus'],
    schemaVersion: 39,
    time: { from: 'now-6h', to: 'now' },
    refresh: '30s',
    templating: {
      list: [
        { name: 'datasource', type: 'datasource', query: 'prometheus', label: 'Prometheus' },
        ...templating,
      ],
    },
    panels,
  };
}

const SLO_NAMES = ['availability', 'api-latency', 'page-ttfb'];

/** The dashboards, by file name. */
export function dashboards() {
  return {
    'nimbus-slo.json': dashboard({
      uid: 'nimbus-slo',
      title: 'Nimbus Share: SLOs and error budgets',
      description:
        'The SLOs of ops/slo/slos.mjs (targets: docs/operations/alerts.md) and the alerts they fire.',
      panels: [
        row('Request SLOs (error ratio; the budget is 1 - objective)', 0),
        ...SLO_NAMES.map((slo, index) =>
          panel({
            title: `${slo}: error ratio by window`,
            description: `slo:nimbus_sli_error:ratio_rate* for ${slo}, with its budget (1 - objective).`,
            queries: [
              ...['5m', '1h', '6h', '1d', '3d'].map((window) => [
                `slo:nimbus_sli_error:ratio_rate${window}{slo="${slo}"}`,
                window,
              ]),
              [`1 - slo:nimbus_sli_objective:ratio{slo="${slo}"}`, 'budget'],
            ],
            unit: 'percentunit',
            x: (index % 2) * 12,
            y: 1 + Math.floor(index / 2) * 8,
          }),
        ),
        panel({
          title: 'Burn rate over 1 h (page at 14.4) and 6 h (page at 6)',
          description: 'How many times faster than the 28-day budget allows each SLO is failing.',
          queries: [
            [
              'slo:nimbus_sli_error:ratio_rate1h / on (slo) (1 - slo:nimbus_sli_objective:ratio)',
              '{{slo}} 1h',
            ],
            [
              'slo:nimbus_sli_error:ratio_rate6h / on (slo) (1 - slo:nimbus_sli_objective:ratio)',
              '{{slo}} 6h',
            ],
          ],
          x: 12,
          y: 9,
        }),
        row('Field experience by page kind (share of visits over the target; SLO: under 25 %)', 17),
        panel({
          title: 'LCP over 2.5 s',
          queries: [
            ['page:nimbus_sli_error:ratio_rate30m{slo="field-lcp"}', '{{page}} 30m'],
            ['page:nimbus_sli_error:ratio_rate6h{slo="field-lcp"}', '{{page}} 6h'],
          ],
          unit: 'percentunit',
          y: 18,
        }),
        panel({
          title: 'INP over 200 ms',
          queries: [
            ['page:nimbus_sli_error:ratio_rate30m{slo="field-inp"}', '{{page}} 30m'],
            ['page:nimbus_sli_error:ratio_rate6h{slo="field-inp"}', '{{page}} 6h'],
          ],
          unit: 'percentunit',
          x: 12,
          y: 18,
        }),
        row('Alerts and dependencies', 26),
        panel({
          title: 'Alerts firing',
          queries: [
            [
              'sum by (alertname, severity) (ALERTS{alertstate="firing"})',
              '{{severity}} {{alertname}}',
            ],
          ],
          y: 27,
        }),
        panel({
          title: 'Dependencies up (per instance)',
          description: 'nimbus_dependency_up: what /readyz reports.',
          queries: [
            ['nimbus_dependency_up', '{{instance}} {{dependency}}'],
            ['nimbus_ready', '{{instance}} ready'],
          ],
          x: 12,
          y: 27,
        }),
        panel({
          title: 'API p99 by route',
          queries: [['route:nimbus_http_request_duration_seconds:p99_rate5m', '{{route}}']],
          unit: 's',
          y: 35,
        }),
        panel({
          title: 'Requests by status',
          queries: [
            [
              'sum by (status) (rate(nimbus_http_request_duration_seconds_count[5m]))',
              '{{status}}',
            ],
          ],
          unit: 'reqps',
          x: 12,
          y: 35,
        }),
      ],
    }),
    'nimbus-edge.json': dashboard({
      uid: 'nimbus-edge',
      title: 'Nimbus Share: edge cache and purges',
      description:
        'What reaches the instances behind the edge (Varnish), their own caches, and the purges they send.',
      panels: [
        panel({
          title: 'Edge purges by result',
          description: 'failed: given up after retries (NimbusEdgePurgeFailing pages).',
          queries: [['sum by (result) (rate(nimbus_edge_purges_total[5m]))', '{{result}}']],
          unit: 'ops',
          y: 0,
        }),
        panel({
          title: 'Share pages reaching the instances (edge misses)',
          queries: [
            [
              'sum by (route) (rate(nimbus_http_request_duration_seconds_count{route=~"/|/s/\\\\*|/invite"}[5m]))',
              '{{route}}',
            ],
          ],
          unit: 'reqps',
          x: 12,
          y: 0,
        }),
        panel({
          title: "Instances' share caches: hit ratio",
          queries: [
            [
              'sum by (cache) (rate(nimbus_cache_lookups_total{result="hit"}[5m])) / sum by (cache) (rate(nimbus_cache_lookups_total[5m]))',
              '{{cache}}',
            ],
          ],
          unit: 'percentunit',
          y: 8,
        }),
        panel({
          title: 'Load shed and bulkhead refusals',
          queries: [
            ['sum(rate(nimbus_load_shed_total[5m]))', 'shed'],
            ['sum by (bulkhead) (rate(nimbus_bulkhead_refusals_total[5m]))', '{{bulkhead}}'],
          ],
          unit: 'reqps',
          x: 12,
          y: 8,
        }),
      ],
    }),
    'nimbus-releases.json': dashboard({
      uid: 'nimbus-releases',
      title: 'Nimbus Share: releases and canaries',
      description:
        "Each remote's releases in real browsers: visits, errors per visit, INP, and the canaries running.",
      panels: [
        panel({
          title: 'Canaries running',
          queries: [['max by (remote, version) (nimbus_canary_running)', '{{remote}} {{version}}']],
          y: 0,
        }),
        panel({
          title: 'Canaries rolled back by the server',
          queries: [
            ['sum by (remote) (increase(nimbus_canary_rollbacks_total[1h]))', '{{remote}}'],
          ],
          x: 12,
          y: 0,
        }),
        panel({
          title: 'Visits by release',
          queries: [['remote_version:nimbus_frontend_visits:rate5m', '{{remote}} {{version}}']],
          unit: 'reqps',
          y: 8,
        }),
        panel({
          title: 'Errors per visit by release (page at 1 %)',
          queries: [
            [
              'remote_version:nimbus_frontend_errors_per_visits:ratio_rate5m',
              '{{remote}} {{version}}',
            ],
          ],
          unit: 'percentunit',
          x: 12,
          y: 8,
        }),
        panel({
          title: 'Errors by kind',
          queries: [
            [
              'remote_version_kind:nimbus_frontend_errors:rate5m',
              '{{remote}} {{version}} {{kind}}',
            ],
          ],
          unit: 'reqps',
          y: 16,
        }),
        panel({
          title: 'p75 INP by release',
          queries: [
            ['remote_version:nimbus_field_inp_seconds:p75_rate5m', '{{remote}} {{version}}'],
          ],
          unit: 's',
          x: 12,
          y: 16,
        }),
        panel({
          title: 'Canary events (started, stepped 1 → 10 → 50 → 100 %, promoted, rolled back)',
          queries: [
            [
              'sum by (remote, event) (increase(nimbus_release_events_total[1h]))',
              '{{remote}} {{event}}',
            ],
          ],
          y: 24,
        }),
      ],
    }),
  };
}

/** Each dashboard's file and JSON. */
export const dashboardFiles = () =>
  Object.entries(dashboards()).map(([name, json]) => ({
    file: path.join(GRAFANA_FOLDER, name),
    json,
  }));

/** Whether `file` holds `json` (whatever its formatting: Prettier lays the files out). */
export const upToDate = (file, json) =>
  isDeepStrictEqual(JSON.parse(readFileSync(file, 'utf8')), JSON.parse(JSON.stringify(json)));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { file, json } of dashboardFiles()) {
    if (!check) {
      writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
      spawnSync('npx', ['prettier', '--write', file], { cwd: repoRoot });
    } else if (!upToDate(file, json)) {
      stale += 1;
      console.error(
        `${path.relative(repoRoot, file)} is out of date: run node scripts/grafana-dashboards.mjs`,
      );
    }
  }
  if (stale) process.exit(1);
}
