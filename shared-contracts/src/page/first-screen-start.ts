/**
 * The app's start over a first screen (docs/performance.md, "The app starts after the first
 * paint"). The server writes this script inline into such a page in place of the shell's entry
 * script, after the first screen, and preloads the entry beside it
 * (server/src/page-assembly/start-after-first-paint.ts):
 * - the entry runs only once the first screen is painted, never before it;
 * - the files listed in its element's `data-request-at-first-paint` (react-dom, the largest
 *   file of the start-up, which only the app's first render needs) are requested at that moment
 *   rather than with the page, so the first screen's images do not share a phone's link with
 *   them.
 *
 * Plain ES5 in a string, like the tap keeper: it runs before any bundle, and its hash is in the
 * page's CSP. What it starts is in its element's attributes (`data-entry`), so the hash is the
 * same for every build. It waits for the document to be parsed (as `defer` did), then for the
 * first contentful paint. It starts at once where no such paint will be reported (a browser
 * without paint timing, a page hidden before it painted), and after
 * `START_AFTER_FIRST_PAINT_FALLBACK_MS` in any case.
 */

/** How long after the document is parsed the app starts even without a reported paint. */
export const START_AFTER_FIRST_PAINT_FALLBACK_MS = 1000;

export const START_AFTER_FIRST_PAINT_SCRIPT = `(function () {
  var element = document.currentScript;
  var entry = element.getAttribute('data-entry');
  var later = (element.getAttribute('data-request-at-first-paint') || '').split(' ');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < later.length; i++) {
      if (!later[i]) continue;
      var hint = document.createElement('link');
      hint.rel = 'preload';
      hint.setAttribute('as', 'script');
      hint.href = later[i];
      document.head.appendChild(hint);
    }
    var script = document.createElement('script');
    script.src = entry;
    document.head.appendChild(script);
  }
  function afterFirstPaint() {
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf('paint') < 0 || document.visibilityState === 'hidden') {
      start();
      return;
    }
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'hidden') start();
    });
    setTimeout(start, ${START_AFTER_FIRST_PAINT_FALLBACK_MS});
  }
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', afterFirstPaint);
  } else {
    afterFirstPaint();
  }
})();`;
