/**
 * The canary's verdict (issues 28 and 50): plain arithmetic on both releases' visits, so every
 * instance that judges a canary reaches the same verdict; the early stop of a canary whose visits
 * all fail; what the server does after a verdict (roll back, step up, promote).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  canaryAction,
  canaryVerdict,
  CLEARLY_WORSE_Z,
  earlyStop,
  EARLY_STOP_ERRORS,
  errorRatioZ,
  type CanaryVerdict,
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
    const fewCanary = canaryVerdict(arm(500, 0), arm(49, 7), 50);
    assert.equal(fewCanary.kind, 'waiting');
    assert.equal(fewCanary.reason, '49 canary and 500 stable visits of 50 each');
    const fewStable = canaryVerdict(arm(49, 0), arm(500, 50), 50);
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

/**
 * The chance that the early stop ever stops a canary whose visits error independently at
 * `ratio`, within its first `visits` visits, beside a stable release erring at `stableRatio`:
 * exact, over every count of errors after each visit (a binomial walk absorbed where the rule
 * stops it).
 */
function earlyStopChance(ratio: number, stableRatio: number, visits: number): number {
  const stable = arm(10_000, Math.round(10_000 * stableRatio));
  let running = [1];
  let stopped = 0;
  for (let visit = 1; visit <= visits; visit += 1) {
    const next = new Array<number>(visit + 1).fill(0);
    running.forEach((chance, errored) => {
      next[errored] = (next[errored] ?? 0) + chance * (1 - ratio);
      next[errored + 1] = (next[errored + 1] ?? 0) + chance * ratio;
    });
    next.forEach((chance, errored) => {
      if (earlyStop(stable, arm(visit, errored))) {
        stopped += chance;
        next[errored] = 0;
      }
    });
    running = next;
  }
  return stopped;
}

describe('the early stop', () => {
  const stable = arm(1000, 10);

  it('stops a canary whose every visit fails at its 8th, whatever minVisits', () => {
    assert.equal(EARLY_STOP_ERRORS, 8);
    assert.equal(earlyStop(stable, arm(7, 7)), null);
    assert.equal(canaryVerdict(stable, arm(7, 7), 200).kind, 'waiting');
    const verdict = canaryVerdict(stable, arm(8, 8), 200);
    assert.deepEqual(verdict, {
      kind: 'worse',
      reason: 'early stop: errors in 8 of 8 canary visits, 1.0 % of 1000 stable',
    });
  });

  it('stops one whose visits nearly all fail: 8 errors in at most 10 visits, 15 in 20', () => {
    assert.equal(earlyStop(stable, arm(10, 8))?.kind, 'worse');
    assert.equal(earlyStop(stable, arm(11, 8)), null);
    assert.equal(earlyStop(stable, arm(12, 9))?.kind, 'worse');
    assert.equal(earlyStop(stable, arm(13, 9)), null);
    assert.equal(earlyStop(stable, arm(20, 15))?.kind, 'worse');
    assert.equal(earlyStop(stable, arm(21, 15)), null);
  });

  it('leaves the canary alone while stable fails a fifth of its visits or more', () => {
    assert.equal(earlyStop(arm(1000, 199), arm(8, 8))?.kind, 'worse');
    assert.equal(earlyStop(arm(1000, 200), arm(8, 8)), null);
    // Then the two-proportion test judges it, once both have their visits.
    assert.equal(canaryVerdict(arm(1000, 200), arm(8, 8), 200).kind, 'waiting');
    // A canary started at 100 % has no stable visits: nothing says the site is failing.
    assert.equal(earlyStop(arm(0, 0), arm(8, 8))?.kind, 'worse');
  });

  it('stops a canary failing 9 visits in 10 within its first 20 visits 99 times in 100', () => {
    const chance = earlyStopChance(0.9, 0.01, 20);
    assert.ok(chance > 0.99, `${chance}`);
    assert.equal(earlyStopChance(1, 0.01, 8), 1);
    assert.equal(earlyStopChance(1, 0.01, 7), 0);
  });

  it('stops no healthy canary at normal error ratios: under one in a million', () => {
    // Over a canary's first 1000 visits, erring as often as stable does.
    for (const ratio of [0.01, 0.02, 0.05, 0.1]) {
      const chance = earlyStopChance(ratio, ratio, 1000);
      assert.ok(chance < 1e-6, `at ${ratio}: ${chance}`);
    }
    // The same canary beside a stable release failing 1 visit in 4 is left to the z test.
    assert.equal(earlyStopChance(0.25, 0.25, 1000), 0);
  });
});

describe('canaryAction', () => {
  const healthy: CanaryVerdict = {
    kind: 'healthy',
    reason: 'errors in 1.0 % of 300 canary visits',
  };

  it('steps a healthy canary up 1, 10, 50, 100 % and promotes it at 100 %', () => {
    assert.deepEqual(canaryAction(healthy, 1), {
      kind: 'step',
      percent: 10,
      reason: 'healthy at 1 %: errors in 1.0 % of 300 canary visits',
    });
    assert.deepEqual(
      [1, 10, 50].map((percent) => {
        const action = canaryAction(healthy, percent);
        return action.kind === 'step' ? action.percent : action.kind;
      }),
      [10, 50, 100],
    );
    assert.deepEqual(canaryAction(healthy, 100), {
      kind: 'promote',
      reason: 'healthy at 100 %: errors in 1.0 % of 300 canary visits',
    });
  });

  it("goes from an operator's percent to the next step over it", () => {
    const next = (percent: number) => {
      const action = canaryAction(healthy, percent);
      return action.kind === 'step' ? action.percent : action.kind;
    };
    assert.equal(next(5), 10);
    assert.equal(next(25), 50);
    assert.equal(next(99), 100);
  });

  it('rolls a worse canary back at any step, and waits without a verdict', () => {
    const worse: CanaryVerdict = { kind: 'worse', reason: 'early stop: errors in 8 of 8' };
    for (const percent of [1, 10, 50, 100]) {
      assert.deepEqual(canaryAction(worse, percent), {
        kind: 'rollback',
        reason: 'early stop: errors in 8 of 8',
      });
      assert.deepEqual(canaryAction({ kind: 'waiting', reason: '3 of 200' }, percent), {
        kind: 'wait',
      });
    }
  });
});
