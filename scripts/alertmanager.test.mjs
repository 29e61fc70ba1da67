// node --test scripts/*.test.mjs (part of `npm test`): ops/alertmanager/alertmanager.yml loads
// (`amtool check-config`), routes pages and tickets to their receivers, and a database outage
// on several instances pages once: one notification, its alerts grouped, the SLO burn and the
// other dependencies' alerts inhibited. Without Debian's prometheus-alertmanager (it brings
// amtool) these skip and say so.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  ALERTMANAGER_CONFIG,
  alertmanagerConfig,
  hasAlertmanager,
  startAlertmanager,
  startWebhookReceiver,
} from './alerting.mjs';

const hasAmtool = spawnSync('amtool', ['--version']).status === 0;
const NO_ALERTMANAGER =
  'prometheus-alertmanager not installed (apt-get install prometheus-alertmanager): not checked';

/** The receiver amtool routes an alert with `labels` to. */
function receiverOf(config, labels) {
  const run = spawnSync(
    'amtool',
    [
      'config',
      'routes',
      'test',
      `--config.file=${config}`,
      ...Object.entries(labels).map(([k, v]) => `${k}=${v}`),
    ],
    { encoding: 'utf8' },
  );
  return run.stdout.trim();
}

describe('the Alertmanager configuration', () => {
  it('loads (amtool check-config), also with the webhook npm run scale gives it', (t) => {
    if (!hasAmtool) return t.skip(NO_ALERTMANAGER);
    const checked = spawnSync('amtool', ['check-config', ALERTMANAGER_CONFIG], {
      encoding: 'utf8',
    });
    assert.equal(checked.status, 0, `${checked.stdout}${checked.stderr}`);
    const folder = mkdtempSync(path.join(os.tmpdir(), 'nimbus-alertmanager-config-'));
    try {
      const file = path.join(folder, 'alertmanager.yml');
      writeFileSync(file, alertmanagerConfig('http://127.0.0.1:40001'));
      const run = spawnSync('amtool', ['check-config', file], { encoding: 'utf8' });
      assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('sends pages to the pager and tickets to the queue', (t) => {
    if (!hasAmtool) return t.skip(NO_ALERTMANAGER);
    const page = { alertname: 'NimbusDatabaseUnreachable', severity: 'page', service: 'nimbus' };
    assert.equal(receiverOf(ALERTMANAGER_CONFIG, page), 'page');
    const ticket = { alertname: 'NimbusRedisUnreachable', severity: 'ticket', service: 'nimbus' };
    assert.equal(receiverOf(ALERTMANAGER_CONFIG, ticket), 'ticket');
    assert.equal(receiverOf(ALERTMANAGER_CONFIG, { alertname: 'Other' }), 'ticket');
  });

  it('pages once for a database outage on every instance: grouped, the rest inhibited', async (t) => {
    if (!hasAlertmanager()) return t.skip(NO_ALERTMANAGER);
    const receiver = await startWebhookReceiver({ file: null });
    const alertmanager = await startAlertmanager({ webhookUrl: receiver.url });
    try {
      const startsAt = new Date().toISOString();
      const alert = (labels) => ({ labels: { service: 'nimbus', ...labels }, startsAt });
      const alerts = [
        ...['i1', 'i2', 'i3'].flatMap((instance) => [
          alert({ alertname: 'NimbusDatabaseUnreachable', severity: 'page', instance }),
          alert({ alertname: 'NimbusInstanceNotReady', severity: 'ticket', instance }),
          alert({ alertname: 'NimbusShareChangesDown', severity: 'ticket', instance }),
        ]),
        alert({ alertname: 'NimbusNoInstanceReady', severity: 'page' }),
        alert({
          alertname: 'NimbusAvailabilityBudgetBurnFast',
          severity: 'page',
          slo: 'availability',
        }),
        alert({
          alertname: 'NimbusAvailabilityBudgetBurnSlow',
          severity: 'ticket',
          slo: 'availability',
        }),
      ];
      const posted = await fetch(`${alertmanager.url}/api/v2/alerts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(alerts),
      });
      assert.equal(posted.status, 200);
      // The page route waits 10 s to group; the ticket route 30 s: wait past both.
      await new Promise((resolve) => setTimeout(resolve, 35_000));
      const sent = receiver.notifications();
      assert.deepEqual(
        sent.map(({ receiver: to, alertname, alerts: grouped }) => ({
          to,
          alertname,
          instances: grouped.map(({ labels }) => labels.instance).sort(),
        })),
        [{ to: 'page', alertname: 'NimbusDatabaseUnreachable', instances: ['i1', 'i2', 'i3'] }],
      );
    } finally {
      await alertmanager.stop();
      await receiver.stop();
    }
  });
});
