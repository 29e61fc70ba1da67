import type { SampledVisit } from './start-field-data';

/**
 * Loads web-vitals (a chunk of its own, requested from the app's code rather than the entry's,
 * so it is never preloaded with the start-up JavaScript) once the browser is idle after the
 * app's first render, and measures the visit until it leaves.
 */
export function measureWhenIdle(sampled: SampledVisit | null): void {
  if (!sampled) return;
  const load = () => {
    import(/* webpackChunkName: "field-data" */ './send-field-data').then(
      ({ measureAndSend }) => measureAndSend(sampled.context, sampled.visit),
      // Without its code this visit sends nothing; the page is not affected.
      () => undefined,
    );
  };
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(load, { timeout: 2000 });
  } else {
    setTimeout(load, 0);
  }
}
