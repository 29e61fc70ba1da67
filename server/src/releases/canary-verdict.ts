/**
 * Whether a canary is clearly worse than the stable release it runs beside: plain arithmetic on
 * the visits each got (every instance's, from the database), so the decision is the same
 * wherever it is taken.
 */

/** What one release's visits measured while the canary ran. */
export interface ReleaseArm {
  visits: number;
  /** Visits with at least one error of the remote (it failed to load, threw, ...). */
  errored: number;
  /** Visits that measured an INP (an interaction). */
  inpSamples: number;
  /** Their 75th percentile, milliseconds; null without samples. */
  inpP75: number | null;
}

export type CanaryVerdict =
  | { kind: 'waiting'; reason: string }
  | { kind: 'healthy'; reason: string }
  | { kind: 'worse'; reason: string };

/** One-sided z of 2.33: a difference this large comes by chance about once in a hundred. */
export const CLEARLY_WORSE_Z = 2.33;
/** ... and it must matter: at least one visit in a hundred more with an error. */
export const ERROR_RATIO_MARGIN = 0.01;
/** INP is worse when its p75 is poor (over 200 ms, web.dev's threshold) and 25 % over stable's. */
export const INP_POOR_MS = 200;
export const INP_WORSE_FACTOR = 1.25;

const percent = (part: number, whole: number) =>
  `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

/** The two-proportion z statistic of the canary's error ratio over stable's (0 when undefined). */
export function errorRatioZ(stable: ReleaseArm, canary: ReleaseArm): number {
  const pooled = (stable.errored + canary.errored) / (stable.visits + canary.visits);
  // Every visit errored, or none did: no difference to test.
  if (pooled <= 0 || pooled >= 1) return 0;
  const spread = Math.sqrt(pooled * (1 - pooled) * (1 / stable.visits + 1 / canary.visits));
  return (canary.errored / canary.visits - stable.errored / stable.visits) / spread;
}

/**
 * The early stop, a sequential rule judged after every failing canary visit: a canary is worse,
 * whatever `minVisits`, once at least EARLY_STOP_ERRORS of its visits errored and they are at
 * least EARLY_STOP_RATIO of them (8 of its first 8 to 10 visits, 15 of 20), while stable's
 * visits error under EARLY_STOP_STABLE_MAX (a site failing on both releases is no canary's
 * fault). A canary whose every visit fails is stopped at its 8th; one failing 9 visits in 10
 * within its first 20, 99 times in 100. A healthy one erring as stable does meets it almost
 * never: about 2 canaries in a billion at 5 %, 5 in ten million at 10 % (canary-verdict.test.ts
 * computes it exactly).
 */
export const EARLY_STOP_ERRORS = 8;
export const EARLY_STOP_RATIO = 0.75;
export const EARLY_STOP_STABLE_MAX = 0.2;

/** The early stop's verdict, or null when it does not apply (the canary goes on being judged). */
export function earlyStop(stable: ReleaseArm, canary: ReleaseArm): CanaryVerdict | null {
  if (canary.errored < EARLY_STOP_ERRORS) return null;
  if (canary.errored < EARLY_STOP_RATIO * canary.visits) return null;
  // No stable visits (a canary started at 100 %): nothing says the site itself is failing.
  if (stable.visits > 0 && stable.errored / stable.visits >= EARLY_STOP_STABLE_MAX) return null;
  return {
    kind: 'worse',
    reason: `early stop: errors in ${canary.errored} of ${canary.visits} canary visits, ${percent(stable.errored, stable.visits)} of ${stable.visits} stable`,
  };
}

/**
 * The verdict: the early stop first; then, once both releases have `minVisits` visits, worse
 * when the canary's error ratio is higher beyond chance and by at least a point, or when its p75
 * INP is poor and a quarter over stable's (each with `minVisits` samples); healthy otherwise.
 */
export function canaryVerdict(
  stable: ReleaseArm,
  canary: ReleaseArm,
  minVisits: number,
): CanaryVerdict {
  const early = earlyStop(stable, canary);
  if (early) return early;
  if (stable.visits < minVisits || canary.visits < minVisits) {
    return {
      kind: 'waiting',
      reason: `${canary.visits} canary and ${stable.visits} stable visits of ${minVisits} each`,
    };
  }
  const errorRatios = `errors in ${percent(canary.errored, canary.visits)} of ${canary.visits} canary visits, ${percent(stable.errored, stable.visits)} of ${stable.visits} stable`;
  const ratioGap = canary.errored / canary.visits - stable.errored / stable.visits;
  if (errorRatioZ(stable, canary) >= CLEARLY_WORSE_Z && ratioGap >= ERROR_RATIO_MARGIN) {
    return { kind: 'worse', reason: errorRatios };
  }
  const inpMeasured = stable.inpSamples >= minVisits && canary.inpSamples >= minVisits;
  if (inpMeasured && canary.inpP75 !== null && stable.inpP75 !== null) {
    const inp = `p75 INP ${Math.round(canary.inpP75)} ms on the canary, ${Math.round(stable.inpP75)} ms on stable`;
    if (canary.inpP75 > INP_POOR_MS && canary.inpP75 > stable.inpP75 * INP_WORSE_FACTOR) {
      return { kind: 'worse', reason: inp };
    }
    return { kind: 'healthy', reason: `${errorRatios}; ${inp}` };
  }
  return { kind: 'healthy', reason: errorRatios };
}

/** The exposures a canary steps through: a share of visitors, in percent. */
export const CANARY_STEPS = [1, 10, 50, 100] as const;

/** What the server does with a running canary at `percent` after its verdict. */
export type CanaryAction =
  | { kind: 'wait' }
  | { kind: 'rollback'; reason: string }
  | { kind: 'step'; percent: number; reason: string }
  | { kind: 'promote'; reason: string };

/**
 * A worse canary is rolled back; a healthy one goes to the next step over its percent (an
 * operator may have started it between steps), or is promoted when it is healthy at 100 %.
 */
export function canaryAction(verdict: CanaryVerdict, percent: number): CanaryAction {
  if (verdict.kind === 'worse') return { kind: 'rollback', reason: verdict.reason };
  if (verdict.kind === 'waiting') return { kind: 'wait' };
  const next = CANARY_STEPS.find((step) => step > percent);
  if (next === undefined)
    return { kind: 'promote', reason: `healthy at ${percent} %: ${verdict.reason}` };
  return { kind: 'step', percent: next, reason: `healthy at ${percent} %: ${verdict.reason}` };
}
