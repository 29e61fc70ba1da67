import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SLO_STATUSES } from '../plugins/external/metrics';
import { createTestApp, samplesOf, type TestContext } from './helpers';

/**
 * Issue 50: prom-client makes a series at its first observation, so `rate()` missed each series'
 * first visit. Every series an SLO or alert reads (ops/slo/slos.mjs, ops/prometheus/*.yml) is in
 * /metrics at zero on a fresh instance, before any visit.
 */
describe('the figures on a fresh instance, before any visit', () => {
  let context: TestContext;
  let text = '';
  before(async () => {
    context = await createTestApp();
    const response = await context.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(response.statusCode, 200);
    text = response.body;
  });
  after(() => context.app.close());

  const zero = (name: string, labels: Record<string, string>) => {
    const found = samplesOf(text).filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    );
    assert.ok(found.length > 0, `${name} ${JSON.stringify(labels)} is not in /metrics`);
    for (const sample of found) assert.equal(sample.value, 0, `${name} ${JSON.stringify(labels)}`);
  };

  it('has every share page and API route answered, failed and unavailable, at zero', () => {
    for (const route of ['/', '/s/*', '/invite']) {
      for (const status of SLO_STATUSES) {
        zero('nimbus_http_request_duration_seconds_count', { method: 'GET', route, status });
        zero('nimbus_http_request_duration_seconds_bucket', { route, status, le: '0.5' });
      }
    }
    const apiRoutes = new Set(
      samplesOf(text)
        .filter(({ name }) => name === 'nimbus_http_request_duration_seconds_count')
        .map(({ labels }) => labels.route ?? '')
        .filter((route) => route.startsWith('/api/')),
    );
    assert.ok(apiRoutes.size >= 10, `only ${apiRoutes.size} API routes declared`);
    for (const route of apiRoutes) {
      for (const status of SLO_STATUSES) {
        zero('nimbus_http_request_duration_seconds_count', { route, status });
      }
    }
  });

  it('has the field data of every page kind at zero', () => {
    for (const page of ['share_list', 'extract_code', 'status', 'invite', 'home', 'other']) {
      zero('nimbus_field_lcp_seconds_bucket', { page, le: '2.5' });
      zero('nimbus_field_lcp_seconds_count', { page });
      zero('nimbus_field_inp_seconds_bucket', { page, le: '0.2' });
      zero('nimbus_field_inp_seconds_count', { page });
      zero('nimbus_field_networks', { page });
    }
    zero('nimbus_frontend_visits_total', { remote: 'shell' });
    zero('nimbus_frontend_errors_total', { remote: 'shell' });
  });

  it('has the purges given up, the rollbacks and the release events at zero, and the database up', () => {
    zero('nimbus_edge_purges_total', { result: 'failed' });
    zero('nimbus_canary_rollbacks_total', {});
    for (const remote of ['share', 'payments', 'invite']) {
      for (const event of ['started', 'stepped', 'promoted', 'rolled_back']) {
        zero('nimbus_release_events_total', { remote, event });
      }
      // No canary runs: each remote says so, and the canary alert's query has a figure.
      zero('nimbus_canary_running', { remote, version: 'none' });
    }
    const database = samplesOf(text).find(
      ({ name, labels }) => name === 'nimbus_dependency_up' && labels.dependency === 'database',
    );
    assert.equal(database?.value, 1);
    // Every dependency's alert has a figure, used or not (the test app has no Redis, no Firebase).
    for (const dependency of ['share-changes', 'redis', 'identity-keys']) {
      const sample = samplesOf(text).find(
        ({ name, labels }) => name === 'nimbus_dependency_up' && labels.dependency === dependency,
      );
      assert.equal(sample?.value, 1, dependency);
    }
  });
});
