// Grafana for `npm run scale`, when installed (Grafana's own apt repository, not Debian's): the
// dashboards of ops/grafana provisioned (ops/grafana/provisioning/) on the run's Prometheus.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from './product-server.mjs';

export const GRAFANA_FOLDER = path.join(repoRoot, 'ops', 'grafana');
const HOMEPATH = '/usr/share/grafana';

/** Whether grafana-server is installed. */
export const hasGrafana = () =>
  spawnSync('grafana-server', ['-v']).status === 0 && existsSync(HOMEPATH);

/** Grafana on a free port, anonymous viewers, the dashboards on `prometheusUrl`: its URL, stop(). */
export async function startGrafana({ prometheusUrl }) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'nimbus-scale-grafana-'));
  const port = await freePort();
  const config = path.join(folder, 'grafana.ini');
  writeFileSync(
    config,
    [
      '[server]',
      'http_addr = 127.0.0.1',
      `http_port = ${port}`,
      '[paths]',
      `data = ${path.join(folder, 'data')}`,
      `logs = ${path.join(folder, 'logs')}`,
      `provisioning = ${path.join(GRAFANA_FOLDER, 'provisioning')}`,
      '[auth.anonymous]',
      'enabled = true',
      '[analytics]',
      'reporting_enabled = false',
      'check_for_updates = false',
      '',
    ].join('\n'),
  );
  const child = spawn('grafana-server', ['--homepath', HOMEPATH, '--config', config], {
    stdio: 'ignore',
    env: {
      ...process.env,
      NIMBUS_GRAFANA_DASHBOARDS: GRAFANA_FOLDER,
      NIMBUS_PROMETHEUS_URL: prometheusUrl,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { url, stop };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('grafana-server did not come up within 60 s');
}
