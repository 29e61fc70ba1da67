import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestContext } from './helpers';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const GRAFANA = path.join(repoRoot, 'ops', 'grafana');
const PROMETHEUS = path.join(repoRoot, 'ops', 'prometheus');

/** PromQL's words that are not metric names. */
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on']);
const KEYWORDS_TOO = new Set(['ignoring', 'group_left', 'group_right', 'inf', 'nan']);

/** The metric names a PromQL query reads: no functions, labels, strings or Grafana variables. */
export function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\$\{?\w+\}?/g, '');
  return [...bare.matchAll(/([a-zA-Z_:][\w:]*)(\s*\()?/g)]
    .map(([, name = '', call]) => ({ name, call }))
    .filter(({ name, call }) => !call && !KEYWORDS.has(name) && !KEYWORDS_TOO.has(name))
    .map(({ name }) => name);
}

/**
 * Issue 50: the dashboards of ops/grafana read only metrics that exist: each name a query uses is
 * in a fresh instance's /metrics (a histogram's _bucket, _count and _sum too), a recording rule
 * of ops/prometheus, or Prometheus's own (ALERTS, up).
 */
describe('the Grafana dashboards', () => {
  let context: TestContext;
  let known = new Set<string>();
  before(async () => {
    context = await createTestApp();
    const text = (await context.app.inject({ method: 'GET', url: '/metrics' })).body;
    known = new Set(['ALERTS', 'up']);
    for (const [, name = '', type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      known.add(name);
      if (type === 'histogram') {
        for (const part of ['_bucket', '_count', '_sum']) known.add(name + part);
      }
    }
    for (const file of readdirSync(PROMETHEUS).filter((name) => /^[\w-]+\.yml$/.test(name))) {
      if (file.endsWith('.test.yml')) continue;
      const rules = readFileSync(path.join(PROMETHEUS, file), 'utf8');
      for (const [, name = ''] of rules.matchAll(/^\s*- record:\s*(\S+)$/gm)) known.add(name);
    }
  });
  after(() => context.app.close());

  it('reads metric names out of queries', () => {
    assert.deepEqual(
      metricNamesOf(
        'sum by (le, route) (rate(a_bucket{route=~"/api/.+",x="y"}[$__rate_interval])) / on (slo) b:c:d or vector(0)',
      ),
      ['a_bucket', 'b:c:d'],
    );
  });

  it('query only metrics /metrics or the recording rules have', () => {
    const unknown: string[] = [];
    for (const file of readdirSync(GRAFANA).filter((name) => name.endsWith('.json'))) {
      const dashboard = JSON.parse(readFileSync(path.join(GRAFANA, file), 'utf8')) as {
        panels: { title: string; targets?: { expr: string }[]; panels?: unknown[] }[];
      };
      for (const panel of dashboard.panels) {
        for (const target of panel.targets ?? []) {
          for (const name of metricNamesOf(target.expr)) {
            if (!known.has(name)) unknown.push(`${file} "${panel.title}": ${name}`);
          }
        }
      }
    }
    assert.deepEqual(unknown, []);
  });
});
