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
  function send(event) {
    if (sent || element.hasAttribute('${FIELD_TAKEN_ATTRIBUTE}')) return;
    if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
    sent = true;
    var connection = navigator.connection && navigator.connection.effectiveType;
    var beacon = JSON.stringify({
      page: element.getAttribute('${FIELD_PAGE_ATTRIBUTE}'),
      connection: /^(slow-2g|2g|3g|4g)$/.test(connection) ? connection : 'unknown',
      shell: element.getAttribute('${FIELD_SHELL_ATTRIBUTE}'),
      remotes: [],
      vitals: {},
      errors: []
    });
    try {
      if (navigator.sendBeacon('${FIELD_BEACON_PATH}', new Blob([beacon], { type: 'application/json' }))) return;
    } catch (error) {}
    if (!window.fetch) return;
    fetch('${FIELD_BEACON_PATH}', {
      method: 'POST',
      body: beacon,
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
      credentials: 'same-origin'
    }).catch(function () {});
  }
  document.addEventListener('visibilitychange', send);
  window.addEventListener('pagehide', send);
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) sent = false;
  });
})();`;
