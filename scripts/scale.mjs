// `npm run scale`: the product the way it runs on several machines, on this one: a throw-away
// PostgreSQL, Redis, three server instances in production mode, and HAProxy in front with
// health checks; the site on one address. Varnish, when installed, is the edge cache in front of
// HAProxy (ops/varnish/nimbus.vcl; the site's address is then the edge's, and the instances purge
// it). Prometheus, when installed, scrapes every instance and evaluates ops/prometheus/rules.yml
// and slo-rules.yml, and sends its alerts to Alertmanager (when installed) whose pages and tickets
// a small receiver records (scripts/alerting.mjs).
// Ctrl+C stops everything. The end-to-end tests
// (e2e/scale/) start the same topology and walk the journeys through it while instances die.
//
//   npm run scale [-- --instances 3]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasAlertmanager, startAlertmanager, startWebhookReceiver } from './alerting.mjs';
import {
  hasPrometheus,
  hasVarnish,
  missingScalePackages,
  PROMETHEUS_RULES,
  SLO_RULES,
  startHaproxy,
  startPostgres,
  startPrometheus,
  startRedis,
  startVarnish,
} from './local-services.mjs';
import { hasGrafana, startGrafana } from './grafana.mjs';
import { freePort, repoRoot, serverCommand } from './product-server.mjs';

/** Waits until the instance answers /readyz, or rejects when it exits first. */
async function untilReady(port, child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`instance on ${port} was not ready within ${timeoutMs / 1000} s`);
}

/**
 * Starts the topology: resolves with the site's address, each instance's controls (stop it with a
 * signal, start it again), and PostgreSQL's and Redis's (their faults: scripts/local-services.mjs),
 * once every part answers. `identity` ({ projectId, jwksUrl }) signs people in with Firebase ID
 * tokens checked against that key endpoint instead of the development provider; `logDir` keeps
 * each instance's log (JSON lines) in a file there. `prometheus` (when Debian's prometheus is
 * installed; null otherwise or with `prometheus: false`) scrapes every instance with the rules of
 * ops/prometheus/rules.yml. `opsToken` opens the releases API (canaries); `env` adds settings
 * to every instance's. `edge` puts Varnish (when installed; null otherwise) in front of HAProxy:
 * the site's address is then the edge's, and `balancerUrl` HAProxy's.
 */
export async function startScaleTopology({
  instances = 3,
  quiet = true,
  rateLimitMax = 600,
  identity = null,
  logDir = null,
  prometheus = true,
  grafana = false,
  alertGroupInterval = null,
  edge = false,
  env: extraEnv = {},
} = {}) {
  const missing = missingScalePackages();
  if (missing.length > 0) {
    throw new Error(`needs Debian's ${missing.join(', ')} (apt-get install ${missing.join(' ')})`);
  }
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  const withPrometheus = prometheus && hasPrometheus();
  const withEdge = edge && hasVarnish();
  try {
    const postgres = await startPostgres();
    stops.push(() => postgres.stop());
    const redis = await startRedis();
    stops.push(() => redis.stop());

    const siteOrigin = `http://localhost:${await freePort()}`;
    const balancerPort = withEdge ? await freePort() : Number(new URL(siteOrigin).port);
    // Before the instances, which purge it as they start (a new build may be in them).
    let varnish = null;
    if (withEdge) {
      varnish = await startVarnish({
        port: Number(new URL(siteOrigin).port),
        backend: `127.0.0.1:${balancerPort}`,
      });
      stops.push(() => varnish.stop());
    }
    // What every instance shares: the database, Redis, the master secret, the site's origin.
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: siteOrigin,
      MASTER_SECRET: randomBytes(32).toString('base64url'),
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      // HAProxy is the one proxy in front: the client is the address it puts last; behind the
      // edge, the address the edge put before HAProxy's.
      TRUST_PROXY: withEdge ? '2' : '1',
      ...(varnish ? { EDGE_PURGE_URL: varnish.url } : {}),
      RATE_LIMIT_MAX: String(rateLimitMax),
      // A demonstration site: the demo data and the development providers, switched on by name.
      ...(identity
        ? {
            IDENTITY_PROVIDER: 'firebase',
            FIREBASE_PROJECT_ID: identity.projectId,
            FIREBASE_API_KEY: 'scale-web-api-key',
            FIREBASE_JWKS_URL: identity.jwksUrl,
          }
        : { IDENTITY_PROVIDER: 'development', ENABLE_DEV_IDENTITY: '1' }),
      ENABLE_DEMO_DATA: '1',
      ENABLE_DEV_COMMUNITY: '1',
      LOG_LEVEL: quiet && !logDir ? 'warn' : 'info',
      // Production serves /metrics only behind a bearer token: Prometheus scrapes with this one.
      ...(withPrometheus
        ? { METRICS_TOKEN: process.env.METRICS_TOKEN || randomBytes(24).toString('base64url') }
        : {}),
      // The operators' releases API (scripts/release.mjs): production serves it behind a token.
      OPS_TOKEN: process.env.OPS_TOKEN || randomBytes(24).toString('base64url'),
      ...extraEnv,
    };
    const { command, args } = serverCommand();
    const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
    /** Instances that ended without being stopped (a crash): what a fault must never cause. */
    const unexpectedExits = [];
    /** The instance processes this topology stopped itself. */
    const stoppedOnPurpose = new WeakSet();
    const controls = ports.map((port) => {
      let child = null;
      const control = {
        port,
        async start() {
          const log = logDir ? openSync(path.join(logDir, `instance-${port}.log`), 'a') : null;
          const started = spawn(command, args, {
            cwd: repoRoot,
            env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
            stdio: log !== null ? ['ignore', log, log] : quiet ? 'ignore' : 'inherit',
          });
          started.once('exit', (code, signal) => {
            if (!stoppedOnPurpose.has(started))
              unexpectedExits.push({ port, code, signal, at: Date.now() });
          });
          child = started;
          if (log !== null) closeSync(log);
          await untilReady(port, started);
        },
        /** Stops it: SIGKILL dies at once, SIGTERM finishes the requests in flight first. */
        stop(signal = 'SIGTERM') {
          const running = child;
          if (!running || running.exitCode !== null || running.signalCode !== null) {
            return Promise.resolve();
          }
          stoppedOnPurpose.add(running);
          return new Promise((resolve) => {
            running.once('exit', () => resolve());
            running.kill(signal);
          });
        },
      };
      return control;
    });
    stops.push(() => Promise.all(controls.map((control) => control.stop('SIGKILL'))));
    // All at once, on a fresh database: migrations and seeding take turns (an advisory lock).
    await Promise.all(controls.map((control) => control.start()));

    const balancer = await startHaproxy({
      port: balancerPort,
      servers: ports.map((port) => `127.0.0.1:${port}`),
    });
    stops.push(() => balancer.stop());

    let monitoring = null;
    let paging = null;
    if (withPrometheus && hasAlertmanager()) {
      // The paging path: Alertmanager with ops/alertmanager/alertmanager.yml, its pages and
      // tickets posted to a receiver that records them (GET /notifications, and a file).
      const pagesFolder = mkdtempSync(path.join(os.tmpdir(), 'nimbus-scale-pages-'));
      const receiver = await startWebhookReceiver({ file: path.join(pagesFolder, 'pages.jsonl') });
      stops.push(async () => {
        await receiver.stop();
        rmSync(pagesFolder, { recursive: true, force: true });
      });
      const alertmanager = await startAlertmanager({
        webhookUrl: receiver.url,
        groupInterval: alertGroupInterval,
      });
      stops.push(() => alertmanager.stop());
      paging = { alertmanager, receiver };
    }
    if (withPrometheus) {
      // Each instance directly, not through the balancer: every one's own counters and state.
      monitoring = await startPrometheus({
        port: await freePort(),
        targets: ports.map((port) => `127.0.0.1:${port}`),
        rulesFiles: [PROMETHEUS_RULES, SLO_RULES],
        metricsToken: env.METRICS_TOKEN,
        alertmanager: paging?.alertmanager.address ?? null,
      });
      stops.push(() => monitoring.stop());
    }
    let dashboards = null;
    if (monitoring && grafana && hasGrafana()) {
      dashboards = await startGrafana({ prometheusUrl: monitoring.url });
      stops.push(() => dashboards.stop());
    }
    return {
      url: siteOrigin,
      balancerUrl: balancer.url,
      edge: varnish && { url: varnish.url, workdir: varnish.workdir, stats: varnish.stats },
      instances: controls,
      unexpectedExits,
      postgres,
      redis,
      prometheus: monitoring && { url: monitoring.url, stop: monitoring.stop },
      grafana: dashboards && { url: dashboards.url },
      alertmanager: paging && {
        url: paging.alertmanager.url,
        receiverUrl: paging.receiver.url,
        pagesFile: paging.receiver.file,
        notifications: paging.receiver.notifications,
      },
      metricsToken: env.METRICS_TOKEN ?? null,
      opsToken: env.OPS_TOKEN,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const flag = process.argv.indexOf('--instances');
  const instances = flag > 0 ? Number(process.argv[flag + 1]) : 3;
  const withPrometheus = hasPrometheus();
  const withEdge = hasVarnish();
  console.log(
    `Starting PostgreSQL, Redis, ${instances} instances, HAProxy${withEdge ? ', Varnish' : ''}${withPrometheus ? ' and Prometheus' : ''} ...`,
  );
  if (!withEdge) {
    console.log('Varnish is not installed (apt-get install varnish): no edge cache in front.');
  }
  if (!withPrometheus) {
    console.log('Prometheus is not installed (apt-get install prometheus): no metrics or alerts.');
  } else if (!hasAlertmanager()) {
    console.log(
      'Alertmanager is not installed (apt-get install prometheus-alertmanager): alerts page nobody.',
    );
  }
  if (!hasGrafana()) {
    console.log(
      'Grafana is not installed (grafana-server): the dashboards of ops/grafana are not loaded.',
    );
  }
  // Every instance's log is kept, one file each, in a folder of its own that is named below.
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'nimbus-scale-logs-'));
  const topology = await startScaleTopology({
    instances,
    quiet: true,
    edge: true,
    grafana: true,
    logDir,
  });
  console.log(
    `\nThe site is at ${topology.url}  (instances on ports ${topology.instances.map((i) => i.port).join(', ')})`,
  );
  console.log(`  each instance's log: ${logDir}/instance-<port>.log`);
  console.log(
    `  ${topology.url}/s/demo-public   ${topology.url}/s/demo-private (extract code ab12)`,
  );
  if (topology.edge) {
    console.log(
      `  through Varnish (ops/varnish/nimbus.vcl); HAProxy behind it at ${topology.balancerUrl}; varnishstat -n ${topology.edge.workdir}`,
    );
  }
  if (topology.prometheus) {
    const { url } = topology.prometheus;
    console.log(
      `Prometheus is at ${url}  (${url}/targets, ${url}/alerts; rules: ops/prometheus/rules.yml, slo-rules.yml)`,
    );
    console.log(
      `  an instance's metrics: curl -H 'Authorization: Bearer ${topology.metricsToken}' http://127.0.0.1:${topology.instances[0].port}/metrics`,
    );
  }
  if (topology.grafana) {
    console.log(
      `Grafana is at ${topology.grafana.url}  (dashboards of ops/grafana, folder Nimbus Share)`,
    );
  }
  if (topology.alertmanager) {
    const { url, receiverUrl, pagesFile } = topology.alertmanager;
    console.log(
      `Alertmanager is at ${url}  (ops/alertmanager/alertmanager.yml); pages and tickets sent: ${receiverUrl}/notifications, ${pagesFile}`,
    );
  }
  console.log(
    `Releases (canaries): SITE_URL=${topology.url} OPS_TOKEN=${topology.opsToken} npm run release -w remote-payments`,
  );
  console.log('Ctrl+C stops everything.');
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => topology.stop().then(() => process.exit(0)));
  }
  // Stay up until stopped.
  setInterval(() => undefined, 1 << 30);
}
