import type { SampledVisit } from './start-field-data';

/**
 * Loads web-vitals (a chunk of its own, requested from the app's code rather than the entry's,
 * so it is never preloaded with the start-up JavaScript) once the browser is idle after the
 * app's first render and the page's load, and measures the visit until it leaves.
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
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(load, { timeout: 2000 })
      : load();
  // After the page's own files (its scripts, the first screen's images): on a slow phone's link
  // even 6 KB would delay them. Early enough to see a visit that leaves after a few seconds.
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
