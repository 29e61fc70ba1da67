// `node scripts/slo-rules.mjs`: writes ops/prometheus/slo-rules.yml from ops/slo/slos.mjs (the
// SLOs, their burn-rate alerts, the dependency and event alerts). `--check` writes nothing and
// exits 1 when the file differs from what it would write. scripts/slo-rules.test.mjs runs both.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BURN_RATES,
  DEPENDENCIES,
  EVENT_ALERTS,
  FIELD_CROWD,
  FIELD_OBJECTIVE,
  FIELD_SLOS,
  FIELD_WINDOWS,
  RUNBOOKS,
  SLOS,
} from '../ops/slo/slos.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SLO_RULES = path.join(repoRoot, 'ops', 'prometheus', 'slo-rules.yml');

/** A YAML double-quoted scalar (JSON's escapes are YAML's). */
const quote = (text) => JSON.stringify(text);

/** The windows a set of burn-rate pairs reads, each once, shortest first. */
const SECONDS = { m: 60, h: 3600, d: 86400 };
const seconds = (window) => Number(window.slice(0, -1)) * SECONDS[window.slice(-1)];
export function windowsOf(pairs) {
  const all = new Set(pairs.flatMap(({ long, short }) => [long, short]));
  return [...all].sort((a, b) => seconds(a) - seconds(b));
}

/** The recorded error ratio of `slo` over `window`. */
const errorRatio = (slo, window) => `slo:nimbus_sli_error:ratio_rate${window}{slo="${slo}"}`;

/** A rule as YAML lines (8 spaces in, under a group's `rules:`). */
function ruleLines(rule) {
  const lines = [];
  const [first, ...rest] = Object.entries(rule);
  lines.push(`      - ${first[0]}: ${first[0] === 'alert' ? first[1] : first[1]}`);
  for (const [key, value] of rest) {
    if (value === undefined) continue;
    if (typeof value === 'object') {
      lines.push(`        ${key}:`);
      for (const [name, text] of Object.entries(value))
        lines.push(`          ${name}: ${quote(text)}`);
    } else {
      lines.push(`        ${key}: ${key === 'for' ? value : quote(value)}`);
    }
  }
  return lines;
}

const alertRule = ({ alert, expr, forDuration, labels, summary, description }) => ({
  alert,
  expr,
  for: forDuration,
  labels: { service: 'nimbus', ...labels },
  annotations: { summary, description, runbook_url: `${RUNBOOKS}/${alert}.md` },
});

/** Every rule group of the generated file. */
export function sloRuleGroups() {
  const groups = [];
  const allPairs = [...BURN_RATES.page, ...BURN_RATES.ticket];
  for (const slo of SLOS) {
    const budget = 1 - slo.objective;
    const records = windowsOf(allPairs).map((window) => ({
      record: `slo:nimbus_sli_error:ratio_rate${window}`,
      expr:
        `1 - ((sum(rate(${slo.good}[${window}])) or vector(0)) ` +
        `/ sum(rate(${slo.total}[${window}])))`,
      labels: { slo: slo.name },
    }));
    const burnAlert = (severity) => {
      const pairs = BURN_RATES[severity];
      const expr = pairs
        .map(
          ({ long, short, factor }) =>
            `(${errorRatio(slo.name, long)} > (${factor} * ${budget.toFixed(4)}) ` +
            `and ${errorRatio(slo.name, short)} > (${factor} * ${budget.toFixed(4)}))`,
        )
        .join(' or ');
      const windows = pairs.map(({ long, short, factor }) => `${factor}x over ${long}/${short}`);
      return alertRule({
        alert: `${slo.alert}BudgetBurn${severity === 'page' ? 'Fast' : 'Slow'}`,
        expr,
        forDuration: severity === 'page' ? '2m' : '15m',
        labels: { severity, slo: slo.name },
        summary:
          `The ${slo.name} SLO (${(slo.objective * 100).toFixed(1)} % ${slo.description}) ` +
          `burns its 28-day error budget too fast`,
        description:
          `The error ratio of the ${slo.name} SLO is above ${windows.join(' and above ')} ` +
          `its error budget (${(budget * 100).toFixed(1)} %) allows. At this pace the budget of 28 days ` +
          `is gone in ${severity === 'page' ? 'about 2 to 5 days' : 'about 9 to 28 days'}.`,
      });
    };
    groups.push({
      name: `nimbus-slo-${slo.name}`,
      rules: [
        ...records,
        {
          record: 'slo:nimbus_sli_objective:ratio',
          expr: String(slo.objective),
          labels: { slo: slo.name },
        },
        burnAlert('page'),
        burnAlert('ticket'),
      ],
    });
  }
  for (const field of FIELD_SLOS) {
    const records = windowsOf(FIELD_WINDOWS).flatMap((window) => [
      {
        record: `page:nimbus_sli_error:ratio_rate${window}`,
        expr:
          `1 - sum by (page) (rate(${field.metric}_bucket{job="nimbus",le="${field.threshold}"}[${window}])) ` +
          `/ sum by (page) (rate(${field.metric}_count{job="nimbus"}[${window}]))`,
        labels: { slo: field.name },
      },
      {
        record: `page:${field.metric}_count:rate${window}`,
        expr: `sum by (page) (rate(${field.metric}_count{job="nimbus"}[${window}]))`,
      },
    ]);
    const budget = 1 - FIELD_OBJECTIVE;
    const crowd = `sum by (page) (nimbus_field_networks{job="nimbus"}) >= ${FIELD_CROWD.minNetworks}`;
    const expr = FIELD_WINDOWS.map(
      ({ long, short }) =>
        `(page:nimbus_sli_error:ratio_rate${long}{slo="${field.name}"} > ${budget} ` +
        `and page:nimbus_sli_error:ratio_rate${short}{slo="${field.name}"} > ${budget} ` +
        `and on (page) page:${field.metric}_count:rate${short} >= ${FIELD_CROWD.minVisitsPerSecond})`,
    ).join(' or ');
    groups.push({
      name: `nimbus-slo-${field.name}`,
      rules: [
        ...records,
        alertRule({
          alert: field.alert,
          expr: `(${expr}) and on (page) ${crowd}`,
          forDuration: '15m',
          labels: { severity: 'ticket', slo: field.name },
          summary: `Real visits of the {{ $labels.page }} page miss their target (${field.what})`,
          description:
            `More than ${budget * 100} % of the real visits of this page kind were slower than ` +
            `${field.threshold} s over ${FIELD_WINDOWS.map(({ long, short }) => `${long} and ${short}`).join(', or over ')}, ` +
            `from at least ${FIELD_CROWD.minNetworks} client networks.`,
        }),
      ],
    });
  }
  groups.push({
    name: 'nimbus-dependencies',
    rules: DEPENDENCIES.map((dependency) =>
      alertRule({
        alert: dependency.alert,
        expr: `nimbus_dependency_up{job="nimbus",dependency="${dependency.dependency}"} == 0`,
        forDuration: dependency.for,
        labels: { severity: dependency.severity },
        summary: dependency.summary,
        description: `/readyz has said for ${dependency.for} that ${dependency.dependency} is down on this instance (its reason is in /readyz and the log).`,
      }),
    ),
  });
  groups.push({
    name: 'nimbus-events',
    rules: EVENT_ALERTS.map((event) =>
      alertRule({
        alert: event.alert,
        expr: event.expr,
        forDuration: event.for,
        labels: { severity: event.severity },
        summary: event.summary,
        description: `See ${RUNBOOKS}/${event.alert}.md.`,
      }),
    ),
  });
  return groups;
}

/** The text of ops/prometheus/slo-rules.yml. */
export function sloRulesYaml() {
  const lines = [
    '# GENERATED by `node scripts/slo-rules.mjs` from ops/slo/slos.mjs: edit that file, not this one.',
    '# The SLOs of Nimbus Share (docs/operations/alerts.md), their multi-window multi-burn-rate',
    '# alerts, and the alerts on dependencies and events. Tested by ops/prometheus/slo-rules.test.yml.',
    'groups:',
  ];
  for (const group of sloRuleGroups()) {
    lines.push(`  - name: ${group.name}`, '    rules:');
    for (const rule of group.rules) lines.push(...ruleLines(rule));
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = sloRulesYaml();
  if (process.argv.includes('--check')) {
    const current = readFileSync(SLO_RULES, 'utf8');
    if (current !== text) {
      console.error(
        `${path.relative(repoRoot, SLO_RULES)} is out of date: run node scripts/slo-rules.mjs`,
      );
      process.exit(1);
    }
  } else {
    writeFileSync(SLO_RULES, text);
    console.log(`wrote ${path.relative(repoRoot, SLO_RULES)}`);
  }
}
