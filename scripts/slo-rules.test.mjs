// node --test scripts/*.test.mjs (part of `npm test`): ops/prometheus/slo-rules.yml is what
// scripts/slo-rules.mjs makes of ops/slo/slos.mjs today, every alert of the Prometheus rules has
// its runbook in docs/runbooks/, and the SLO definition knows every dependency /readyz reports.
// (promtool's checks of the rules: scripts/prometheus-rules.test.mjs.)
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEPENDENCIES, SLOS, BURN_RATES } from '../ops/slo/slos.mjs';
import { PROMETHEUS_RULES } from './local-services.mjs';
import { SLO_RULES, sloRulesYaml, windowsOf } from './slo-rules.mjs';

/** The rules of a rules file, each one's kind and name (as prometheus-rules.test.mjs reads them). */
const rulesIn = (yaml) =>
  [...yaml.matchAll(/^\s*- (record|alert):\s*(\S+)$/gm)].map(([, kind, name], index, all) => ({
    kind,
    name,
    text: yaml.slice(all[index].index, all[index + 1]?.index),
  }));

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the SLO rules', () => {
  it('are generated from ops/slo/slos.mjs and up to date (node scripts/slo-rules.mjs)', () => {
    assert.equal(readFileSync(SLO_RULES, 'utf8'), sloRulesYaml());
  });

  it('record each SLO over every window of the SRE workbook pairs', () => {
    const pairs = [...BURN_RATES.page, ...BURN_RATES.ticket];
    assert.deepEqual(windowsOf(pairs), ['5m', '30m', '1h', '2h', '6h', '1d', '3d']);
    const records = rulesIn(readFileSync(SLO_RULES, 'utf8')).filter(
      ({ kind }) => kind === 'record',
    );
    for (const slo of SLOS) {
      for (const window of windowsOf(pairs)) {
        const own = records.filter(
          ({ name, text }) =>
            name === `slo:nimbus_sli_error:ratio_rate${window}` &&
            text.includes(`slo: "${slo.name}"`),
        );
        assert.equal(own.length, 1, `${slo.name} over ${window}`);
      }
    }
  });

  it('page on 1h/5m at 14.4x and 6h/30m at 6x, ticket on 1d/2h at 3x and 3d/6h at 1x', () => {
    assert.deepEqual(BURN_RATES, {
      page: [
        { long: '1h', short: '5m', factor: 14.4 },
        { long: '6h', short: '30m', factor: 6 },
      ],
      ticket: [
        { long: '1d', short: '2h', factor: 3 },
        { long: '3d', short: '6h', factor: 1 },
      ],
    });
  });

  it('alert on every dependency /readyz reports', () => {
    const source = readFileSync(
      path.join(repoRoot, 'server/src/dependencies/dependency-health.ts'),
      'utf8',
    );
    const union = /export type DependencyName = ([^;]+);/.exec(source)[1];
    const names = [...union.matchAll(/'([^']+)'/g)].map(([, name]) => name).sort();
    assert.deepEqual(DEPENDENCIES.map(({ dependency }) => dependency).sort(), names);
  });

  it('give every alert a runbook in docs/runbooks/ that says what to look at and what to do', () => {
    const alerts = [PROMETHEUS_RULES, SLO_RULES]
      .flatMap((file) => rulesIn(readFileSync(file, 'utf8')))
      .filter(({ kind }) => kind === 'alert');
    assert.ok(alerts.length >= 20);
    const missing = alerts
      .map(({ name }) => path.join(repoRoot, 'docs', 'runbooks', `${name}.md`))
      .filter((file) => {
        if (!existsSync(file)) return true;
        const text = readFileSync(file, 'utf8');
        return (
          !/^## What it means$/m.test(text) ||
          !/^## What to look at$/m.test(text) ||
          !/^## What to do$/m.test(text)
        );
      })
      .map((file) => path.relative(repoRoot, file));
    assert.deepEqual(missing, []);
  });
});
