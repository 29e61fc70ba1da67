import { FIELD_BEACON_PATH } from './field-data';

/**
 * The beacon of a visit that leaves before the shell has started (docs/operations/field-data.md,
 * "Visits that leave early"). Over a first screen the shell's entry runs only after the first
 * paint, and a visitor who leaves within that second (a wrong link, a quick look) would send
 * nothing. The server writes this script inline into every page while field data is on (right
 * after its first screen, whose bytes it does not delay, or in its head): it sends the visit's
 * beacon, without measures, when the page is hidden or left, unless the shell has taken the
 * visit over (its start-up marks the element `FIELD_TAKEN_ATTRIBUTE`, then sends its own beacon,
 * or none outside its sample).
 *
 * A tab closed while the page's main thread is busy (the start-up running on a slow phone) may
 * be torn down before its leave events run. Where the browser has `fetchLater`, the script also
 * hands it a deferred copy of the beacon, which the browser itself sends when the page goes
 * without them; the script cancels that copy when its leave events send the beacon, and when the
 * shell takes the visit over.
 *
 * Plain ES5 in a string, like the starter: its hash is in the page's CSP, and what it says of the
 * visit is in its element's attributes (the same for every visitor of that page: an edge may keep
 * it). The platform is left to the server, which tells it from the beacon's own request headers
 * as it does a page's.
 */

/** The page kind (`pageKindOf`) of the visit, on the script's element. */
export const FIELD_PAGE_ATTRIBUTE = 'data-field-page';
/** The shell build the page starts. */
export const FIELD_SHELL_ATTRIBUTE = 'data-field-shell';
/** The share of visits that send a beacon (the runtime configuration's `fieldData.sampleRate`). */
export const FIELD_RATE_ATTRIBUTE = 'data-field-rate';
/** Set by the shell's start-up: from then on the shell alone sends the visit's beacon. */
export const FIELD_TAKEN_ATTRIBUTE = 'data-field-taken';

export const LEAVE_BEFORE_START_SCRIPT = `(function () {
  var element = document.currentScript;
  if (!(Math.random() < Number(element.getAttribute('${FIELD_RATE_ATTRIBUTE}')))) return;
  var sent = false;
  var deferred = null;
  function taken() {
    return element.hasAttribute('${FIELD_TAKEN_ATTRIBUTE}');
  }
  function beacon() {
    var connection = navigator.connection && navigator.connection.effectiveType;
    return JSON.stringify({
      page: element.getAttribute('${FIELD_PAGE_ATTRIBUTE}'),
      connection: /^(slow-2g|2g|3g|4g)$/.test(connection) ? connection : 'unknown',
      shell: element.getAttribute('${FIELD_SHELL_ATTRIBUTE}'),
      remotes: [],
      vitals: {},
      errors: []
    });
  }
  function cancelDeferred() {
    if (deferred) deferred.abort();
    deferred = null;
  }
  function defer() {
    if (taken() || typeof window.fetchLater !== 'function') return;
    var controller = new AbortController();
    try {
      window.fetchLater('${FIELD_BEACON_PATH}', {
        method: 'POST',
        body: beacon(),
        headers: { 'Content-Type': 'application/json' },
        signal: controller.signal
      });
      deferred = controller;
    } catch (error) {}
  }
  function send(event) {
    if (sent || taken()) return;
    if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
    sent = true;
    cancelDeferred();
    var text = beacon();
    try {
      if (navigator.sendBeacon('${FIELD_BEACON_PATH}', new Blob([text], { type: 'application/json' }))) return;
    } catch (error) {}
    if (!window.fetch) return;
    fetch('${FIELD_BEACON_PATH}', {
      method: 'POST',
      body: text,
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
      credentials: 'same-origin'
    }).catch(function () {});
  }
  document.addEventListener('visibilitychange', send);
  window.addEventListener('pagehide', send);
  window.addEventListener('pageshow', function (event) {
    if (!event.persisted) return;
    sent = false;
    defer();
  });
  if (window.MutationObserver) {
    new MutationObserver(function () {
      if (taken()) cancelDeferred();
    }).observe(element, { attributes: true, attributeFilter: ['${FIELD_TAKEN_ATTRIBUTE}'] });
  }
  defer();
})();`;
