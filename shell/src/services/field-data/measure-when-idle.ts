import type { LeaveBeacon } from './leave-beacon';

/**
 * Loads web-vitals (a chunk of its own, requested from the app's code rather than the entry's,
 * so it is never preloaded with the start-up JavaScript) once the browser is idle after the
 * app's first render and the page's load, and measures the visit into its beacon, which is sent
 * whether or not this chunk ever arrives.
 */
export function measureWhenIdle(beacon: LeaveBeacon | null): void {
  if (!beacon) return;
  const load = () => {
    import(/* webpackChunkName: "field-data" */ './send-field-data').then(
      ({ measureVitals }) => {
        // The remotes loaded and the errors met by now.
        beacon.refresh();
        measureVitals(beacon);
        beacon.listenLast();
      },
      // Without its code this visit's beacon has no vitals; the page is not affected.
      () => undefined,
    );
  };
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(load, { timeout: 2000 })
      : load();
  // After the page's own files (its scripts, the first screen's images): on a slow phone's link
  // even 6 KB would delay them.
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
