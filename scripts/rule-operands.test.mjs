// node --test scripts/*.test.mjs (part of `npm test`): the figures each alert compares.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { operandsOf } from './rule-operands.mjs';

describe("an alert's operands", () => {
  it('are each side of its comparisons and set operations, without modifiers or numbers', () => {
    assert.deepEqual(
      operandsOf(
        'remote_version:ratio > 0.01 and on (remote, version) max by (remote, version) (running{job="nimbus"}) == 1 and on (remote, version) errors * 300 >= 3',
      ),
      ['remote_version:ratio', 'max by (remote, version) (running{job="nimbus"})', 'errors * 300'],
    );
    assert.deepEqual(operandsOf('nimbus_ready{job="nimbus"} == 0 or up{job="nimbus"} == 0'), [
      'nimbus_ready{job="nimbus"}',
      'up{job="nimbus"}',
    ]);
  });

  it('leave brackets, label matchers and strings whole, and open what parentheses hold', () => {
    assert.deepEqual(operandsOf('(sum(nimbus_ready{job="nimbus"}) or vector(0)) == 0'), [
      'sum(nimbus_ready{job="nimbus"})',
      'vector(0)',
    ]);
    assert.deepEqual(operandsOf('(a{slo="x"} > (14.4 * 0.001) and b > 1) or (c > 2)'), [
      'a{slo="x"}',
      '14.4 * 0.001',
      'b',
      'c',
    ]);
    assert.deepEqual(operandsOf('sum(rate(x{status!~"5..",route=~"/a|/b"}[5m])) > bool 1e-3'), [
      'sum(rate(x{status!~"5..",route=~"/a|/b"}[5m]))',
    ]);
    assert.deepEqual(operandsOf('histogram_quantile(0.75, sum by (le) (rate(b[5m])))'), [
      'histogram_quantile(0.75, sum by (le) (rate(b[5m])))',
    ]);
  });

  it('take words that only contain an operator for names', () => {
    assert.deepEqual(operandsOf('orders_total > ignoring (instance) handled_or_not'), [
      'orders_total',
      'handled_or_not',
    ]);
  });
});
