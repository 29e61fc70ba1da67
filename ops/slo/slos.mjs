// The service level objectives of Nimbus Share, and the alerts beside them, in one place.
// `node scripts/slo-rules.mjs` turns this file into ops/prometheus/slo-rules.yml (Prometheus
// recording and alerting rules); scripts/slo-rules.test.mjs fails when that file is out of date,
// and when an alert has no runbook in docs/runbooks/. The targets are explained in
// docs/operations/alerts.md.

/** The routes each kind of request is served by (the `route` label: Fastify's route pattern). */
const PAGE_ROUTES = '/|/s/\\\\*|/invite';
const API_ROUTES = '/api/.+';

/**
 * Request-based SLOs over 28 days, judged with the SRE workbook's multi-window, multi-burn-rate
 * alerts. `good` and `total` are PromQL selectors of counters (without the range).
 * - kind `ratio`: good events are `good`, all events `total`.
 */
export const SLOS = [
  {
    name: 'availability',
    alert: 'NimbusAvailability',
    objective: 0.999,
    description:
      'share pages and API calls answered without a server error (no 5xx; a 5003 answer is an HTTP 503)',
    total: `nimbus_http_request_duration_seconds_count{job="nimbus",route=~"${PAGE_ROUTES}|${API_ROUTES}"}`,
    good: `nimbus_http_request_duration_seconds_count{job="nimbus",route=~"${PAGE_ROUTES}|${API_ROUTES}",status!~"5.."}`,
  },
  {
    name: 'api-latency',
    alert: 'NimbusApiLatency',
    objective: 0.99,
    description: 'API calls answered within 500 ms (the API p99 at or under 500 ms)',
    total: `nimbus_http_request_duration_seconds_count{job="nimbus",route=~"${API_ROUTES}"}`,
    good: `nimbus_http_request_duration_seconds_bucket{job="nimbus",route=~"${API_ROUTES}",le="0.5"}`,
  },
  {
    name: 'page-ttfb',
    alert: 'NimbusPageTtfb',
    objective: 0.99,
    description:
      'share pages whose whole answer left the server within 500 ms (server-side time to first byte)',
    total: `nimbus_http_request_duration_seconds_count{job="nimbus",route=~"${PAGE_ROUTES}"}`,
    good: `nimbus_http_request_duration_seconds_bucket{job="nimbus",route=~"${PAGE_ROUTES}",le="0.5"}`,
  },
];

/**
 * The SRE workbook's windows (chapter "Alerting on SLOs", table 5-8): a page when the error budget
 * of 28 days burns 14.4 times too fast over 1 h (and still over the last 5 m) or 6 times over 6 h
 * (and 30 m); a ticket at 3 times over 1 d (and 2 h) or once over 3 d (and 6 h).
 */
export const BURN_RATES = {
  page: [
    { long: '1h', short: '5m', factor: 14.4 },
    { long: '6h', short: '30m', factor: 6 },
  ],
  ticket: [
    { long: '1d', short: '2h', factor: 3 },
    { long: '3d', short: '6h', factor: 1 },
  ],
};

/**
 * Field experience by page kind, from real visits (the browsers' beacons): the 75th percentile at
 * or under `threshold`, i.e. at least 75 % of the visits within it. The budget (25 %) cannot burn
 * 14.4 times, so these are judged over the ticket pairs only, at a burn of 1 (p75 over the
 * target over both windows), and only behind a crowd: `minNetworks` distinct client networks and
 * `minVisitsPerSecond` measured visits over the short window.
 */
export const FIELD_SLOS = [
  {
    name: 'field-lcp',
    alert: 'NimbusFieldLcpSlo',
    metric: 'nimbus_field_lcp_seconds',
    threshold: '2.5',
    what: 'p75 LCP at or under 2.5 s',
  },
  {
    name: 'field-inp',
    alert: 'NimbusFieldInpSlo',
    metric: 'nimbus_field_inp_seconds',
    threshold: '0.2',
    what: 'p75 INP at or under 200 ms',
  },
];
export const FIELD_OBJECTIVE = 0.75;
export const FIELD_WINDOWS = [
  { long: '1d', short: '2h' },
  { long: '6h', short: '30m' },
];
export const FIELD_CROWD = { minNetworks: 20, minVisitsPerSecond: 0.05 };

/**
 * One alert per dependency /readyz reports (server/src/dependencies/dependency-health.ts's
 * DependencyName; a test keeps the two lists equal). `database` is the one that inhibits the
 * others in Alertmanager (ops/alertmanager/alertmanager.yml).
 */
export const DEPENDENCIES = [
  {
    dependency: 'database',
    alert: 'NimbusDatabaseUnreachable',
    for: '1m',
    severity: 'page',
    summary:
      'Instance {{ $labels.instance }} cannot reach PostgreSQL: its API and pages answer 503',
  },
  {
    dependency: 'share-changes',
    alert: 'NimbusShareChangesDown',
    for: '5m',
    severity: 'ticket',
    summary:
      'Instance {{ $labels.instance }} does not hear share changes: it serves share status up to 1 s old',
  },
  {
    dependency: 'redis',
    alert: 'NimbusRedisUnreachable',
    for: '2m',
    severity: 'ticket',
    summary:
      'Instance {{ $labels.instance }} cannot reach Redis: the rate limit counts per instance',
  },
  {
    dependency: 'identity-keys',
    alert: 'NimbusIdentityKeysDown',
    for: '10m',
    severity: 'page',
    summary: 'Instance {{ $labels.instance }} cannot read the sign-in signing keys: sign-in waits',
  },
];

/** Alerts on single symptoms beside the SLOs. */
export const EVENT_ALERTS = [
  {
    alert: 'NimbusEdgePurgeFailing',
    expr: 'sum(increase(nimbus_edge_purges_total{job="nimbus",result="failed"}[10m])) > 0',
    severity: 'page',
    summary:
      'Edge purges are given up: the edge may serve a deleted or changed share for up to its TTL',
  },
  {
    alert: 'NimbusCanaryErrors',
    // Errors per visit of a release while it is a running canary (nimbus_canary_running).
    expr:
      'remote_version:nimbus_frontend_errors_per_visits:ratio_rate5m > 0.01 ' +
      'and on (remote, version) max by (remote, version) (nimbus_canary_running{job="nimbus"}) == 1 ' +
      'and on (remote, version) remote_version:nimbus_frontend_errors:rate5m * 300 >= 3',
    for: '2m',
    severity: 'page',
    summary:
      'Canary {{ $labels.version }} of {{ $labels.remote }} fails in browsers: more than 1 error per 100 visits',
  },
];

/** Where each alert's runbook is (runbook_url), relative to the repository. */
export const RUNBOOKS = 'docs/runbooks';
