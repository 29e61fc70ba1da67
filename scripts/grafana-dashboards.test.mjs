// node --test scripts/*.test.mjs (part of `npm test`): the Grafana dashboards of ops/grafana are
// valid JSON, up to date with scripts/grafana-dashboards.mjs, query the run's Prometheus through
// their datasource variable, and are provisioned (ops/grafana/provisioning/). That every metric
// their queries read exists: server/src/test/grafana-dashboards.test.ts.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { dashboardFiles, GRAFANA_FOLDER, upToDate } from './grafana-dashboards.mjs';

const files = readdirSync(GRAFANA_FOLDER).filter((name) => name.endsWith('.json'));

/** Every panel of a dashboard, those inside rows too. */
const panelsOf = (dashboard) =>
  dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);

describe('the Grafana dashboards', () => {
  it('cover the SLOs, the edge, the releases and the field vitals', () => {
    assert.deepEqual(files.sort(), [
      'nimbus-edge.json',
      'nimbus-field.json',
      'nimbus-releases.json',
      'nimbus-slo.json',
    ]);
  });

  it('are valid JSON with a uid, a title and panels that query Prometheus', () => {
    const uids = new Set();
    for (const name of files) {
      const dashboard = JSON.parse(readFileSync(path.join(GRAFANA_FOLDER, name), 'utf8'));
      assert.match(dashboard.uid, /^nimbus-[a-z]+$/, name);
      assert.ok(!uids.has(dashboard.uid), `${name}: uid ${dashboard.uid} twice`);
      uids.add(dashboard.uid);
      assert.ok(dashboard.title.startsWith('Nimbus Share: '), name);
      const queried = panelsOf(dashboard).filter((panel) => panel.type !== 'row');
      assert.ok(queried.length >= 4, name);
      for (const panel of queried) {
        assert.ok(panel.targets.length > 0, `${name}: ${panel.title} has no query`);
        for (const target of panel.targets) {
          assert.ok(target.expr.trim(), `${name}: ${panel.title}`);
          assert.equal(target.datasource.uid, '${datasource}', `${name}: ${panel.title}`);
        }
      }
    }
  });

  it('are what scripts/grafana-dashboards.mjs makes (node scripts/grafana-dashboards.mjs)', () => {
    for (const { file, json } of dashboardFiles()) assert.ok(upToDate(file, json), file);
  });

  it('are provisioned from ops/grafana with the run Prometheus as their datasource', () => {
    const provisioning = path.join(GRAFANA_FOLDER, 'provisioning');
    const dashboards = readFileSync(path.join(provisioning, 'dashboards', 'nimbus.yml'), 'utf8');
    assert.match(dashboards, /^\s+path: \$\{NIMBUS_GRAFANA_DASHBOARDS\}$/m);
    const sources = readFileSync(path.join(provisioning, 'datasources', 'prometheus.yml'), 'utf8');
    assert.match(sources, /^\s+type: prometheus$/m);
    assert.match(sources, /^\s+url: \$\{NIMBUS_PROMETHEUS_URL\}$/m);
  });
});
