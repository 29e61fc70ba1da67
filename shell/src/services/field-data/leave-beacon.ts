import type { FieldBeacon, FieldConnection, FieldPageKind } from 'shared-contracts/page';
import { FIELD_BEACON_PATH } from 'shared-contracts/page';
import { platformOf } from 'shared-contracts';
import type { FieldVisit } from './field-recorder';

/** What the beacon says of the visit besides its measures and its platform. */
export interface FieldContext {
  page: FieldPageKind;
  shell: string;
}

/**
 * The platform class (docs/product.md, "Who uses it") where the visit landed (a phone's browser
 * by its width): shared-contracts' rule itself, as the entry chunk may not use
 * services/platform's valtio before the federation's async boundary.
 */
const platformAt = (win: Window) =>
  platformOf({ userAgent: win.navigator.userAgent, width: win.innerWidth });

/**
 * The visit's measures so far, filled in by web-vitals once its chunk runs (send-field-data.ts):
 * until then a visit that leaves sends none, and is still counted.
 */
export interface FieldMeasures {
  vitals: FieldBeacon['vitals'];
  attribution: NonNullable<FieldBeacon['attribution']>;
}

const CONNECTIONS: readonly string[] = ['slow-2g', '2g', '3g', '4g'];

function connectionOf(nav: Navigator): FieldConnection {
  const type = (nav as Navigator & { connection?: { effectiveType?: string } }).connection
    ?.effectiveType;
  return type !== undefined && CONNECTIONS.includes(type) ? (type as FieldConnection) : 'unknown';
}

/** The beacon of the visit, landed on `platform`, as it stands now. */
export function beaconOf(
  context: FieldContext & { platform: FieldBeacon['platform'] },
  visit: FieldVisit,
  measures: FieldMeasures,
  win: Window,
): FieldBeacon {
  const { vitals, attribution } = measures;
  return {
    page: context.page,
    platform: context.platform,
    connection: connectionOf(win.navigator),
    shell: context.shell,
    remotes: [...visit.remotes.values()],
    vitals: { ...vitals },
    errors: [...visit.errors],
    ...(attribution.lcp || attribution.inp ? { attribution: { ...attribution } } : {}),
  };
}

/**
 * Hands the beacon to the browser, which sends it even after the page is gone:
 * `navigator.sendBeacon`, or, where it is missing or refuses (its queue is full, or the browser
 * says no), `fetch` with `keepalive`, which outlives the page the same way.
 */
export function deliverBeacon(beacon: FieldBeacon, win: Window): void {
  const text = JSON.stringify(beacon);
  try {
    if (win.navigator.sendBeacon(FIELD_BEACON_PATH, new Blob([text], { type: 'application/json' })))
      return;
  } catch {
    // Some browsers throw instead of answering false: the fetch below sends it.
  }
  win
    .fetch(FIELD_BEACON_PATH, {
      method: 'POST',
      body: text,
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
      credentials: 'same-origin',
    })
    // Nothing to do about a beacon that did not go: the page is leaving.
    .catch(() => undefined);
}

/** `fetchLater` (Chrome 135 on), which the DOM typings do not declare yet. */
type FetchLater = (url: string, init: RequestInit) => unknown;

/**
 * A copy of the beacon held by the browser, which sends it itself when the page goes without
 * its leave events having run: a tab closed while the main thread is busy (the start-up on a
 * slow phone) may be torn down before they do. Where the browser has no `fetchLater` this does
 * nothing, and the leave events alone send the beacon.
 */
function deferredCopy(win: Window) {
  let pending: AbortController | null = null;
  const cancel = () => {
    pending?.abort();
    pending = null;
  };
  const replace = (beacon: FieldBeacon) => {
    cancel();
    const fetchLater = (win as Window & { fetchLater?: FetchLater }).fetchLater;
    if (typeof fetchLater !== 'function') return;
    const controller = new AbortController();
    try {
      fetchLater.call(win, FIELD_BEACON_PATH, {
        method: 'POST',
        body: JSON.stringify(beacon),
        headers: { 'Content-Type': 'application/json' },
        signal: controller.signal,
      });
      pending = controller;
    } catch {
      // Over the browser's quota for deferred requests: the leave events still send the beacon.
    }
  };
  return { replace, cancel };
}

/** The visit's beacon, waiting for the page to be hidden or left. */
export interface LeaveBeacon {
  /** What web-vitals fills in. */
  measures: FieldMeasures;
  /**
   * Listens again, after web-vitals' own listeners (added since): they report the values they
   * have pending when the page hides, and the beacon leaves with them.
   */
  listenLast(): void;
  /** The visit has more to say (a measure, a remote, an error): the browser's copy says it too. */
  refresh(): void;
}

/**
 * Sends the visit's one beacon the first time the page is hidden or left (`visibilitychange` to
 * hidden, `pagehide`), with whatever it has measured by then: listening from the entry chunk, so
 * a visit that leaves before web-vitals has loaded (a quick leave, a closed tab, a reload) is
 * delivered too. Until then the browser holds a copy of it (`deferredCopy`). A page restored
 * from the back-forward cache is a new visit, with a beacon of its own.
 */
export function sendOnLeave(
  context: FieldContext,
  visit: FieldVisit,
  win: Window = window,
): LeaveBeacon {
  const measures: FieldMeasures = { vitals: {}, attribution: {} };
  // Told now: a page being left may already answer for the next one.
  const landed = { ...context, platform: platformAt(win) };
  const copy = deferredCopy(win);
  let sent = false;
  const send = (event: Event) => {
    if (sent || (event.type === 'visibilitychange' && win.document.visibilityState !== 'hidden')) {
      return;
    }
    sent = true;
    copy.cancel();
    deliverBeacon(beaconOf(landed, visit, measures, win), win);
  };
  const replaceCopy = () => copy.replace(beaconOf(landed, visit, measures, win));
  let refreshing = false;
  // A task later: values reported together (web-vitals' reports come in bursts) make one copy, and
  // values reported as the page is left (web-vitals' last ones) make none, as the leave events send
  // the beacon in that same event; a copy made then might not be withdrawn before the page goes.
  const refresh = () => {
    if (sent || refreshing) return;
    refreshing = true;
    win.setTimeout(() => {
      refreshing = false;
      if (!sent) replaceCopy();
    }, 0);
  };
  const listen = () => {
    win.document.removeEventListener('visibilitychange', send);
    win.removeEventListener('pagehide', send);
    win.document.addEventListener('visibilitychange', send);
    win.addEventListener('pagehide', send);
  };
  listen();
  win.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    // web-vitals measures the restored page afresh and reports its values as they come.
    sent = false;
    measures.vitals = {};
    measures.attribution = {};
    visit.errors.length = 0;
    replaceCopy();
  });
  replaceCopy();
  return { measures, listenLast: listen, refresh };
}
