// Throw-away copies of the services a deployment runs beside the server, from Debian's packages:
// PostgreSQL (postgresql), Redis (redis-server), HAProxy (haproxy), Prometheus (prometheus) and
// Varnish (varnish).
// Each runs on free loopback ports in a temporary folder and is removed by its stop().
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from './product-server.mjs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL's server binaries of the newest installed version; null when not installed. */
export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : null;
}

const hasCommand = (command) => spawnSync(command, ['-v']).status === 0;

/** What is missing of the Debian packages the multi-instance run needs (empty: nothing). */
export function missingScalePackages() {
  const missing = [];
  if (!postgresBinDir()) missing.push('postgresql');
  if (!hasCommand('redis-server')) missing.push('redis-server');
  if (!hasCommand('haproxy')) missing.push('haproxy');
  return missing;
}

/** Resolves once `probe` answers true, or rejects after `timeoutMs`. */
async function waitFor(what, probe, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

/**
 * A PostgreSQL cluster (initdb, trust authentication) on a free port: its URL, its faults
 * (restart(): a fast shutdown that ends every session, then start again, as a failover or
 * maintenance does; stopServer() and startServer()), and stop() at the end.
 */
export async function startPostgres() {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const folder = mkdtempSync(path.join(os.tmpdir(), 'nimbus-scale-pg-'));
  // initdb refuses to run as root: the cluster belongs to the postgres user then.
  const asOwner = (command, args) =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  if (isRoot)
    chownSync(folder, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  const port = await freePort();
  const data = path.join(folder, 'data');
  execFileSync(
    ...asOwner(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres']),
    {
      stdio: 'ignore',
    },
  );
  // Asynchronous: a caller's own traffic goes on while the server stops and starts. The server's
  // log goes to its file (a server started with pg_ctl's output would hold that pipe open).
  const log = path.join(folder, 'log');
  const pgCtl = (...args) =>
    new Promise((resolve, reject) => {
      const [command, commandArgs] = asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-w', ...args]);
      const child = spawn(command, commandArgs, { stdio: 'ignore' });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.at(-1)} exited with ${code}`)),
      );
    });
  const startServer = () =>
    pgCtl(
      '-l',
      log,
      '-o',
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    );
  await startServer();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Stops the server (a fast shutdown: every session is ended); startServer() brings it back. */
    stopServer: () => pgCtl('-m', 'fast', 'stop'),
    startServer,
    restart: () => pgCtl('-l', log, '-m', 'fast', 'restart'),
    stop() {
      spawnSync(...asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']), {
        stdio: 'ignore',
      });
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Whether Debian's redis-server is installed. */
export const hasRedisServer = () => hasCommand('redis-server');

/**
 * A Redis server (no persistence) on a free port, with `password` when given: its URL (with the
 * password), and its faults: pause() (SIGSTOP: it stops answering, its connections stay open),
 * resume() (SIGCONT), kill() (SIGKILL) and start() again on the same port; stop() at the end.
 */
export async function startRedis({ password = '' } = {}) {
  const port = await freePort();
  let child = null;
  const start = async () => {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    if (password) args.push('--requirepass', password);
    child = spawn('redis-server', args, { stdio: 'ignore' });
    const auth = password ? ['-a', password, '--no-auth-warning'] : [];
    await waitFor('redis-server', async () => {
      const ping = spawnSync('redis-cli', ['-p', String(port), ...auth, 'ping'], {
        encoding: 'utf8',
      });
      return ping.stdout?.trim() === 'PONG';
    });
  };
  const signal = (name) => child?.kill(name);
  await start();
  return {
    url: password ? `redis://:${password}@127.0.0.1:${port}` : `redis://127.0.0.1:${port}`,
    port,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    start,
    stop() {
      signal('SIGCONT');
      signal('SIGKILL');
    },
  };
}

/**
 * HAProxy in front of the instances, with active health checks on /readyz. Requests are sent
 * again to another instance when one dies under them (no answer, a closed connection, a 502/503
 * of a closing instance): safe, since the calls that create something carry an Idempotency-Key.
 */
export async function startHaproxy({ port, servers }) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'nimbus-scale-haproxy-'));
  const config = path.join(folder, 'haproxy.cfg');
  writeFileSync(
    config,
    `global
  maxconn 4096
  # The whole request must fit the buffer for it to be sent again (a save of 10,000 ids).
  tune.bufsize 262144

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A client must send its request's headers within 10 s (slowloris), and an idle kept-alive
  # connection is closed after 10 s: slow clients hold HAProxy's sockets, never its backends.
  timeout http-request 10s
  timeout http-keep-alive 10s
  option forwardfor
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response junk-response response-timeout 502 503 504

frontend site
  bind 127.0.0.1:${port}
  # One id per request from the edge to every log line of the instance that serves it.
  unique-id-format %{+X}o%Ts%rt%pid
  unique-id-header X-Request-Id
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
${servers.map((server, index) => `  server instance${index + 1} ${server} check`).join('\n')}
`,
  );
  const child = spawn('haproxy', ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  await waitFor('haproxy', async () => {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGTERM');
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Whether Debian's varnish is installed (optional: `npm run scale` goes on without it). */
export const hasVarnish = () => spawnSync('varnishd', ['-V']).status === 0;

/** The edge cache's VCL (docs/operations/scale-and-edge.md, "An edge cache in front"). */
export const VARNISH_VCL = path.join(repoRoot, 'ops', 'varnish', 'nimbus.vcl');

/**
 * Varnish in front of `backend` (host:port, HAProxy) on `port`, with ops/varnish/nimbus.vcl and a
 * site file naming that backend and letting loopback addresses purge, its working folder
 * (`-n`) temporary: its URL once it answers, `stats()` (varnishstat's counters: cache_hit,
 * cache_miss, backend_req...) and stop().
 */
export async function startVarnish({ port, backend }) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'nimbus-scale-varnish-'));
  const [host, backendPort] = backend.split(':');
  writeFileSync(
    path.join(folder, 'nimbus-site.vcl'),
    `backend origin {
    .host = "${host}";
    .port = "${backendPort}";
    .connect_timeout = 2s;
    .first_byte_timeout = 60s;
}

acl purgers {
    "127.0.0.0"/8;
}
`,
  );
  const workdir = path.join(folder, 'work');
  const child = spawn(
    'varnishd',
    [
      '-F',
      '-n',
      workdir,
      '-a',
      `127.0.0.1:${port}`,
      '-f',
      VARNISH_VCL,
      '-p',
      `vcl_path=${folder}:${path.dirname(VARNISH_VCL)}`,
      '-s',
      'malloc,256m',
      // Counters exact after every request (varnishstat; the tests count hits and fetches).
      '-p',
      'thread_stats_rate=1',
      // No privilege separation: a throw-away cache run by whoever runs the tests.
      '-j',
      'none',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitFor('varnish', async () => {
      if (child.exitCode !== null) throw new Error(`varnishd exited: ${stderr.trim()}`);
      // Any answer: it may start before the balancer behind it (then it answers 503).
      return (await fetch(`${url}/healthz`)).status > 0;
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    workdir,
    /** varnishstat's MAIN counters by name (cache_hit, cache_miss, backend_req, ...). */
    stats() {
      const output = execFileSync('varnishstat', ['-n', workdir, '-1', '-j']).toString();
      const counters = JSON.parse(output).counters ?? {};
      return Object.fromEntries(
        Object.entries(counters)
          .filter(([name]) => name.startsWith('MAIN.'))
          .map(([name, counter]) => [name.slice('MAIN.'.length), counter.value]),
      );
    },
    stop,
  };
}

/**
 * Starts a daemon that keeps its files in `folder` and answers `readyUrl` once ready; resolves
 * with its stop() (SIGTERM, SIGKILL after 10 s, the folder removed). One that exits first, or is
 * not ready within 30 s, is stopped and fails the start with the end of its log.
 */
export async function startDaemon({ command, args, folder, readyUrl }) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  // The end of its log, for the error when it does not start (a bad rule, a taken port).
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`${command} exited (${code}): ${stderr.trim()}`)),
    );
  });
  exited.catch(() => undefined);
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(kill);
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await Promise.race([exited, waitFor(command, async () => (await fetch(readyUrl)).ok)]);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

/** Whether Debian's prometheus is installed (optional: `npm run scale` goes on without it). */
export const hasPrometheus = () => spawnSync('prometheus', ['--version']).status === 0;

/** The recording and alerting rules (tested by scripts/prometheus-rules.test.mjs). */
export const PROMETHEUS_RULES = path.join(repoRoot, 'ops', 'prometheus', 'rules.yml');
/** The SLOs' rules, generated from ops/slo/slos.mjs by scripts/slo-rules.mjs. */
export const SLO_RULES = path.join(repoRoot, 'ops', 'prometheus', 'slo-rules.yml');

/**
 * Prometheus's configuration: every instance (`host:port`) scraped directly as job "nimbus",
 * not through the balancer, each one's own counters, every 5 s; with `metricsToken` as the
 * bearer token production's /metrics asks for; `rulesFiles` loaded and evaluated as often;
 * firing alerts sent to the Alertmanager at `alertmanager` (host:port) when given.
 */
export function prometheusConfig({
  targets,
  rulesFiles = [],
  metricsToken = null,
  alertmanager = null,
}) {
  const rules = rulesFiles.length
    ? `rule_files:\n${rulesFiles.map((file) => `  - ${JSON.stringify(file)}\n`).join('')}`
    : '';
  const alerting = alertmanager
    ? `alerting:\n  alertmanagers:\n    - static_configs:\n        - targets: [${JSON.stringify(alertmanager)}]\n`
    : '';
  const authorization = metricsToken
    ? `    authorization:\n      credentials: ${JSON.stringify(metricsToken)}\n`
    : '';
  return `global:
  scrape_interval: 5s
  evaluation_interval: 5s
${rules}${alerting}scrape_configs:
  - job_name: nimbus
    metrics_path: /metrics
${authorization}    static_configs:
      - targets: ${JSON.stringify(targets)}
`;
}

/**
 * Prometheus scraping `targets` (see prometheusConfig) on `port` (a free one when not given),
 * with its database in a temporary folder: its URL once it answers /-/ready, and stop().
 */
export async function startPrometheus({
  port,
  targets,
  rulesFiles = [],
  metricsToken = null,
  alertmanager = null,
}) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'nimbus-scale-prometheus-'));
  const listen = port ?? (await freePort());
  const config = path.join(folder, 'prometheus.yml');
  // The token is in it: readable by this user only.
  writeFileSync(config, prometheusConfig({ targets, rulesFiles, metricsToken, alertmanager }), {
    mode: 0o600,
  });
  const url = `http://127.0.0.1:${listen}`;
  const stop = await startDaemon({
    command: 'prometheus',
    args: [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(folder, 'data')}`,
      '--storage.tsdb.retention.time=1d',
      `--web.listen-address=127.0.0.1:${listen}`,
      '--log.level=warn',
    ],
    folder,
    readyUrl: `${url}/-/ready`,
  });
  return { url, stop };
}
