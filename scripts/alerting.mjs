// The paging path of `npm run scale` (and the chaos run): Debian's prometheus-alertmanager with
// ops/alertmanager/alertmanager.yml, its webhook receivers pointed at a tiny receiver of our own
// that records every notification (in memory, at GET /notifications, and as JSON lines in a file)
// so tests and operators can read which pages and tickets went out.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startDaemon } from './local-services.mjs';
import { freePort, repoRoot } from './product-server.mjs';

export const ALERTMANAGER_CONFIG = path.join(repoRoot, 'ops', 'alertmanager', 'alertmanager.yml');
/** The receivers' address in the checked-in configuration, replaced by the test receiver's. */
export const PLACEHOLDER_WEBHOOK = 'http://127.0.0.1:9095';

/** Whether Debian's prometheus-alertmanager is installed (optional, as Prometheus is). */
export const hasAlertmanager = () =>
  spawnSync('prometheus-alertmanager', ['--version']).status === 0;

/**
 * A webhook receiver on a free port: each notification Alertmanager posts to /<receiver>
 * (page, ticket) is kept as `{ receiver, status, alertname, alerts, at }` and appended to `file`.
 */
export async function startWebhookReceiver({ file }) {
  const notifications = [];
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/notifications') {
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify(notifications));
      return;
    }
    if (request.method !== 'POST') {
      response.statusCode = 405;
      response.end();
      return;
    }
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      // A receiver for Alertmanager only: refuse anything larger than a big notification.
      body += chunk;
      if (body.length > 1_000_000) request.destroy();
    });
    request.on('end', () => {
      try {
        const payload = JSON.parse(body);
        const notification = {
          receiver: request.url.slice(1),
          status: payload.status,
          alertname: payload.groupLabels?.alertname ?? payload.commonLabels?.alertname ?? null,
          alerts: (payload.alerts ?? []).map(({ status, labels }) => ({ status, labels })),
          at: new Date().toISOString(),
        };
        notifications.push(notification);
        if (file) appendFileSync(file, `${JSON.stringify(notification)}\n`);
        response.end('ok');
      } catch {
        response.statusCode = 400;
        response.end('not JSON');
      }
    });
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    file,
    notifications: () => [...notifications],
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The checked-in configuration with its webhooks sent to `webhookUrl` instead; `groupInterval`
 * (e.g. '10s', for a drill) replaces the top route's 5 minutes between a group's notifications,
 * so a resolved alert is told within seconds.
 */
export function alertmanagerConfig(webhookUrl, { groupInterval = null } = {}) {
  const text = readFileSync(ALERTMANAGER_CONFIG, 'utf8').replaceAll(
    PLACEHOLDER_WEBHOOK,
    webhookUrl,
  );
  return groupInterval
    ? text.replace(/group_interval: \S+/, `group_interval: ${groupInterval}`)
    : text;
}

/**
 * Alertmanager (no cluster) on a free port with ops/alertmanager/alertmanager.yml, its
 * receivers posting to `webhookUrl`: its `host:port` for Prometheus, its URL, and stop().
 */
export async function startAlertmanager({ webhookUrl, groupInterval = null }) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'nimbus-scale-alertmanager-'));
  const config = path.join(folder, 'alertmanager.yml');
  writeFileSync(config, alertmanagerConfig(webhookUrl, { groupInterval }));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const stop = await startDaemon({
    command: 'prometheus-alertmanager',
    args: [
      `--config.file=${config}`,
      `--storage.path=${path.join(folder, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--cluster.listen-address=',
      '--log.level=warn',
    ],
    folder,
    readyUrl: `${url}/-/ready`,
  });
  return { url, address: `127.0.0.1:${port}`, stop };
}
