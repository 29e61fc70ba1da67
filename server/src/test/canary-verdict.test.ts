/**
 * The canary's verdict (issue 28): plain arithmetic on both releases' visits, so every instance
 * that judges a canary reaches the same verdict.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  canaryVerdict,
  CLEARLY_WORSE_Z,
  errorRatioZ,
  type ReleaseArm,
} from '../releases/canary-verdict';

/** An arm of `visits` visits, `errored` of them with an error, and no INP unless given. */
const arm = (visits: number, errored: number, inp?: { samples: number; p75: number }) =>
  ({
    visits,
    errored,
    inpSamples: inp?.samples ?? 0,
    inpP75: inp ? inp.p75 : null,
  }) satisfies ReleaseArm;

describe('canaryVerdict', () => {
  it('waits until both releases have minVisits visits', () => {
    const fewCanary = canaryVerdict(arm(500, 0), arm(49, 49), 50);
    assert.equal(fewCanary.kind, 'waiting');
    assert.equal(fewCanary.reason, '49 canary and 500 stable visits of 50 each');
    const fewStable = canaryVerdict(arm(49, 0), arm(500, 500), 50);
    assert.equal(fewStable.kind, 'waiting');
    // At minVisits exactly it judges.
    assert.notEqual(canaryVerdict(arm(50, 0), arm(50, 50), 50).kind, 'waiting');
  });

  it('finds a canary with clearly more errors worse', () => {
    const stable = arm(1000, 10);
    const canary = arm(1000, 50);
    assert.ok(errorRatioZ(stable, canary) > CLEARLY_WORSE_Z);
    const verdict = canaryVerdict(stable, canary, 200);
    assert.equal(verdict.kind, 'worse');
    assert.equal(verdict.reason, 'errors in 5.0 % of 1000 canary visits, 1.0 % of 1000 stable');
  });

  it('finds equal small error rates healthy', () => {
    const stable = arm(1000, 10);
    const canary = arm(1000, 10);
    assert.equal(errorRatioZ(stable, canary), 0);
    const verdict = canaryVerdict(stable, canary, 200);
    assert.equal(verdict.kind, 'healthy');
    assert.match(verdict.reason, /1\.0 % of 1000 canary visits, 1\.0 % of 1000 stable/);
  });

  it('does not roll back for a difference beyond chance but under a point', () => {
    // 1.5 % against 1 % over 100,000 visits each: certain (z about 10), but half a point.
    const stable = arm(100_000, 1000);
    const canary = arm(100_000, 1500);
    const z = errorRatioZ(stable, canary);
    assert.ok(z > 9 && z < 11, `z is ${z}`);
    assert.equal(canaryVerdict(stable, canary, 200).kind, 'healthy');
    // Two points more is worse with the same certainty.
    assert.equal(canaryVerdict(stable, arm(100_000, 3000), 200).kind, 'worse');
  });

  it('does not roll back for a point more that chance explains', () => {
    // 3 % against 2 % over 300 visits each: z under 1.
    const stable = arm(300, 6);
    const canary = arm(300, 9);
    assert.ok(errorRatioZ(stable, canary) < 1);
    assert.equal(canaryVerdict(stable, canary, 200).kind, 'healthy');
  });

  it('finds a poor INP a quarter over stable worse', () => {
    const stable = arm(400, 4, { samples: 300, p75: 200 });
    const canary = arm(400, 4, { samples: 300, p75: 300 });
    const verdict = canaryVerdict(stable, canary, 200);
    assert.equal(verdict.kind, 'worse');
    assert.equal(verdict.reason, 'p75 INP 300 ms on the canary, 200 ms on stable');
  });

  it('does not find an INP worse when under a quarter over, good, or too rarely measured', () => {
    const stable = arm(400, 4, { samples: 300, p75: 200 });
    // Poor (over 200 ms) but only 20 % over stable's.
    const slightly = canaryVerdict(stable, arm(400, 4, { samples: 300, p75: 240 }), 200);
    assert.equal(slightly.kind, 'healthy');
    assert.match(slightly.reason, /p75 INP 240 ms on the canary, 200 ms on stable/);
    // Twice stable's, but good (under 200 ms).
    const good = canaryVerdict(
      arm(400, 4, { samples: 300, p75: 90 }),
      arm(400, 4, { samples: 300, p75: 180 }),
      200,
    );
    assert.equal(good.kind, 'healthy');
    // Far worse, but measured by fewer than minVisits visits.
    const rare = canaryVerdict(stable, arm(400, 4, { samples: 199, p75: 900 }), 200);
    assert.equal(rare.kind, 'healthy');
    assert.doesNotMatch(rare.reason, /INP/);
  });

  it('judges arms without errors, or with nothing but errors', () => {
    // Neither has an error: no spread, no difference.
    assert.equal(errorRatioZ(arm(300, 0), arm(300, 0)), 0);
    assert.equal(canaryVerdict(arm(300, 0), arm(300, 0), 200).kind, 'healthy');
    // Every canary visit failed, no stable one did: as worse as it gets.
    assert.ok(Math.abs(errorRatioZ(arm(300, 0), arm(300, 300)) - Math.sqrt(600)) < 1e-9);
    assert.equal(canaryVerdict(arm(300, 0), arm(300, 300), 200).kind, 'worse');
    // A stable release without errors beside a canary with 5 %.
    const stable = arm(200, 0);
    const canary = arm(200, 10);
    const z = errorRatioZ(stable, canary);
    assert.ok(z > 3 && z < 3.5, `z is ${z}`);
    assert.equal(canaryVerdict(stable, canary, 200).kind, 'worse');
    // The canary without errors beside a failing stable release: not worse.
    assert.ok(errorRatioZ(arm(300, 300), arm(300, 0)) < 0);
    assert.equal(canaryVerdict(arm(300, 300), arm(300, 0), 200).kind, 'healthy');
    // Both failing every visit: the same.
    assert.equal(errorRatioZ(arm(300, 300), arm(300, 300)), 0);
    assert.equal(canaryVerdict(arm(300, 300), arm(300, 300), 200).kind, 'healthy');
  });
});
