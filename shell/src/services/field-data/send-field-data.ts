import {
  onCLS,
  onFCP,
  onINP,
  onLCP,
  onTTFB,
  type MetricWithAttribution,
} from 'web-vitals/attribution';
import type { LeaveBeacon } from './leave-beacon';

/**
 * Measures the visit's Core Web Vitals (web-vitals' attribution build) into the beacon sent when
 * the page is hidden or left (leave-beacon.ts, listening since the entry chunk).
 */
export function measureVitals(beacon: LeaveBeacon): void {
  const { measures } = beacon;
  const keep = (metric: MetricWithAttribution) => {
    const value = Math.round(metric.name === 'CLS' ? metric.value * 1000 : metric.value);
    if (metric.name === 'CLS') measures.vitals.cls = value / 1000;
    else measures.vitals[metric.name.toLowerCase() as 'lcp' | 'inp' | 'fcp' | 'ttfb'] = value;
    if (metric.name === 'LCP' && metric.attribution.target) {
      measures.attribution.lcp = metric.attribution.target.slice(0, 200);
    }
    if (metric.name === 'INP' && metric.attribution.interactionTarget) {
      measures.attribution.inp = metric.attribution.interactionTarget.slice(0, 200);
    }
    beacon.refresh();
  };
  // Every change, kept as it comes: the beacon then has the latest values whenever the page hides,
  // whatever the order of web-vitals' own listeners and the beacon's.
  onLCP(keep, { reportAllChanges: true });
  onCLS(keep, { reportAllChanges: true });
  onFCP(keep);
  onTTFB(keep);
  // Short interactions count too: a fast phone's taps are the INP that says all is well.
  onINP(keep, { reportAllChanges: true, durationThreshold: 16 });
}
