// node --test scripts/*.test.mjs (part of `npm test`): the Prometheus rules (ops/prometheus/)
// are named level:metric:operations, every alert says how grave it is, what it means and what to
// do first, and has a case in rules.test.yml where it fires and one where it stays quiet; then
// promtool loads them, runs those cases, and checks the configuration `npm run scale` gives
// Prometheus. Without Debian's prometheus (it brings promtool) the promtool checks skip and say so.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PROMETHEUS_RULES, prometheusConfig, SLO_RULES } from './local-services.mjs';

const folder = path.dirname(PROMETHEUS_RULES);
const TESTS = path.join(folder, 'rules.test.yml');
/** The generated rules' own cases (scripts/slo-rules.mjs writes slo-rules.yml). */
const SLO_TESTS = path.join(folder, 'slo-rules.test.yml');
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;
const NO_PROMTOOL =
  'promtool not installed (apt-get install prometheus): the rules were not loaded';

/** Runs promtool in ops/prometheus/; its exit status and everything it printed. */
function promtool(...args) {
  const run = spawnSync('promtool', args, { cwd: folder, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The rules of a rules file: each one's kind (record or alert), name and text. */
export function rulesIn(yaml) {
  return yaml
    .split(/^\s*- (?=(?:record|alert):)/m)
    .slice(1)
    .map((text) => {
      const [, kind, name] = /^(record|alert):\s*(\S+)/.exec(text);
      return { kind, name, text };
    });
}

/** The alert cases of a promtool test file: the alert each names, and whether it fires. */
export function alertCasesIn(yaml) {
  return yaml
    .split(/^\s*- eval_time:/m)
    .slice(1)
    .map((text) => ({
      alertname: /^\s*alertname:\s*(\S+)/m.exec(text)?.[1],
      fires: !/exp_alerts:\s*\[\]/.test(text),
    }))
    .filter(({ alertname }) => alertname);
}

const rules = [PROMETHEUS_RULES, SLO_RULES].flatMap((file) => rulesIn(readFileSync(file, 'utf8')));
const alerts = rules.filter(({ kind }) => kind === 'alert');

describe('the Prometheus rules', () => {
  it('reads the rules and the alert cases of their files', () => {
    const yaml = [
      'groups:',
      '  - name: g',
      '    rules:',
      '      - record: job:up:sum',
      '        expr: sum(up)',
      '      - alert: Down',
      '        expr: up == 0',
    ].join('\n');
    assert.deepEqual(
      rulesIn(yaml).map(({ kind, name }) => [kind, name]),
      [
        ['record', 'job:up:sum'],
        ['alert', 'Down'],
      ],
    );
    const cases = [
      '    alert_rule_test:',
      '      - eval_time: 1m',
      '        alertname: Down',
      '        exp_alerts: []',
      '      - eval_time: 5m',
      '        alertname: Down',
      '        exp_alerts:',
      '          - exp_labels:',
    ].join('\n');
    assert.deepEqual(alertCasesIn(cases), [
      { alertname: 'Down', fires: false },
      { alertname: 'Down', fires: true },
    ]);
  });

  it('name what they record level:metric:operations', () => {
    const records = rules.filter(({ kind }) => kind === 'record').map(({ name }) => name);
    assert.ok(records.length > 0);
    const misnamed = records.filter((name) => !/^[a-z_]+:[a-z0-9_]+:[a-z0-9_]+$/.test(name));
    assert.deepEqual(misnamed, []);
  });

  it('give every alert a severity (page or ticket), a summary, a description and a runbook', () => {
    assert.ok(alerts.length > 0);
    const incomplete = alerts
      .filter(
        ({ text, name }) =>
          !/^\s*severity: "?(page|ticket)"?$/m.test(text) ||
          !/^\s*service: "?nimbus"?$/m.test(text) ||
          (!text.includes(`runbook_url: "docs/runbooks/${name}.md"`) &&
            !text.includes(`runbook_url: 'docs/runbooks/${name}.md'`)) ||
          !/^\s*summary: \S/m.test(text) ||
          !/^\s*description: \S/m.test(text),
      )
      .map(({ name }) => name);
    assert.deepEqual(incomplete, []);
  });

  it('test every alert where it fires and where it stays quiet', () => {
    const cases = [TESTS, SLO_TESTS].flatMap((file) => alertCasesIn(readFileSync(file, 'utf8')));
    const untested = alerts.flatMap(({ name }) => {
      const own = cases.filter(({ alertname }) => alertname === name);
      return [
        ...(own.some(({ fires }) => fires) ? [] : [`${name} never fires`]),
        ...(own.some(({ fires }) => !fires) ? [] : [`${name} never stays quiet`]),
      ];
    });
    assert.deepEqual(untested, []);
  });

  it('load in Prometheus (promtool check rules)', (t) => {
    if (!hasPromtool) return t.skip(NO_PROMTOOL);
    const files = [PROMETHEUS_RULES, SLO_RULES].map((file) => path.basename(file));
    const { status, output } = promtool('check', 'rules', ...files);
    assert.equal(status, 0, output);
  });

  it('pass their unit tests (promtool test rules ops/prometheus/*.test.yml)', (t) => {
    if (!hasPromtool) return t.skip(NO_PROMTOOL);
    const tests = [TESTS, SLO_TESTS].map((file) => path.basename(file));
    const { status, output } = promtool('test', 'rules', ...tests);
    assert.equal(status, 0, output);
  });

  it("are in the configuration npm run scale's Prometheus runs (promtool check config)", (t) => {
    if (!hasPromtool) return t.skip(NO_PROMTOOL);
    const temporary = mkdtempSync(path.join(os.tmpdir(), 'nimbus-prometheus-config-'));
    try {
      const config = path.join(temporary, 'prometheus.yml');
      writeFileSync(
        config,
        prometheusConfig({
          targets: ['127.0.0.1:8081', '127.0.0.1:8082'],
          rulesFiles: [PROMETHEUS_RULES, SLO_RULES],
          metricsToken: 'a "token" with quotes',
        }),
      );
      const { status, output } = promtool('check', 'config', config);
      assert.equal(status, 0, output);
      assert.match(output, /SUCCESS: 2 rule files found/);
    } finally {
      rmSync(temporary, { recursive: true, force: true });
    }
  });
});
