import type { FieldBeacon, FieldConnection, FieldPageKind } from 'shared-contracts/page';
import { FIELD_BEACON_PATH } from 'shared-contracts/page';
import {
  onCLS,
  onFCP,
  onINP,
  onLCP,
  onTTFB,
  type MetricWithAttribution,
} from 'web-vitals/attribution';
import { detectPlatform } from '../platform/platform';
import type { FieldVisit } from './field-recorder';

/** What the beacon says of the visit besides its measures and its platform. */
export interface FieldContext {
  page: FieldPageKind;
  shell: string;
}

const CONNECTIONS: readonly string[] = ['slow-2g', '2g', '3g', '4g'];

function connectionOf(nav: Navigator): FieldConnection {
  const type = (nav as Navigator & { connection?: { effectiveType?: string } }).connection
    ?.effectiveType;
  return type !== undefined && CONNECTIONS.includes(type) ? (type as FieldConnection) : 'unknown';
}

/**
 * Measures the visit's Core Web Vitals (web-vitals' attribution build) and sends one beacon when
 * the page is hidden or left: `navigator.sendBeacon`, which outlives the page.
 */
export function measureAndSend(
  context: FieldContext,
  visit: FieldVisit,
  win: Window = window,
): void {
  const vitals: FieldBeacon['vitals'] = {};
  const attribution: NonNullable<FieldBeacon['attribution']> = {};
  const keep = (metric: MetricWithAttribution) => {
    const value = Math.round(metric.name === 'CLS' ? metric.value * 1000 : metric.value);
    if (metric.name === 'CLS') vitals.cls = value / 1000;
    else vitals[metric.name.toLowerCase() as 'lcp' | 'inp' | 'fcp' | 'ttfb'] = value;
    if (metric.name === 'LCP' && metric.attribution.target) {
      attribution.lcp = metric.attribution.target.slice(0, 200);
    }
    if (metric.name === 'INP' && metric.attribution.interactionTarget) {
      attribution.inp = metric.attribution.interactionTarget.slice(0, 200);
    }
  };
  // Every change, kept as it comes: the beacon then has the latest values whenever the page hides,
  // whatever the order of web-vitals' own listeners and ours.
  onLCP(keep, { reportAllChanges: true });
  onCLS(keep, { reportAllChanges: true });
  onFCP(keep);
  onTTFB(keep);
  // Short interactions count too: a fast phone's taps are the INP that says all is well.
  onINP(keep, { reportAllChanges: true, durationThreshold: 16 });
  // The platform class (docs/product.md, "Who uses it") where the visit landed (a phone's browser
  // by its width).
  const platform = detectPlatform(win.navigator.userAgent, win.innerWidth);

  let sent = false;
  const send = (event: Event) => {
    if (sent || (event.type === 'visibilitychange' && win.document.visibilityState !== 'hidden')) {
      return;
    }
    sent = true;
    const beacon: FieldBeacon = {
      page: context.page,
      platform,
      connection: connectionOf(win.navigator),
      shell: context.shell,
      remotes: [...visit.remotes.values()],
      vitals,
      errors: visit.errors,
      ...(attribution.lcp || attribution.inp ? { attribution } : {}),
    };
    const body = new Blob([JSON.stringify(beacon)], { type: 'application/json' });
    win.navigator.sendBeacon(FIELD_BEACON_PATH, body);
  };
  // Added after web-vitals' own listeners, so its last values are in before the beacon leaves.
  win.document.addEventListener('visibilitychange', send);
  win.addEventListener('pagehide', send);
}
