import { formatListTime } from '../list-time';
import { FIRST_SCREEN_ATTRIBUTE } from './pages';

/**
 * The dates of the server's first screen, in the visitor's time zone from its first paint
 * (docs/performance.md, "The first screen complete"). The server renders a row's time as
 * `<time class="ns-row__time" datetime="…ISO…">` in its own zone; the script below, written
 * inline right after the first screen (its hash is in the page's CSP), rewrites each in the
 * browser's zone and the page's language (`<html lang>`) before the page is painted, then marks
 * the first screen with `FIRST_SCREEN_LOCAL_TIMES_ATTRIBUTE`. Until then (a browser without scripts, or a paint the
 * parser let through before the script ran) the viewer's CSS keeps the times hidden, in their
 * place: they never show in the wrong zone, and nothing moves when they show.
 */

/** Set on the first screen once its times are in the browser's zone (remote-share's CSS). */
export const FIRST_SCREEN_LOCAL_TIMES_ATTRIBUTE = 'data-local-times';

/**
 * The inline script: plain ES5 around the formatter's source. The server process that writes it
 * also computes its CSP hash from this same string, so the hash always matches the page.
 */
export const FIRST_SCREEN_DATES_SCRIPT = `(function () {
  var format = ${/* @__PURE__ */ formatListTime.toString()};
  var language = document.documentElement.lang || 'en';
  var screens = document.querySelectorAll('#app [${FIRST_SCREEN_ATTRIBUTE}]');
  for (var i = 0; i < screens.length; i++) {
    var times = screens[i].querySelectorAll('time.ns-row__time[datetime]');
    for (var j = 0; j < times.length; j++) {
      var date = new Date(times[j].getAttribute('datetime'));
      if (!isNaN(date.getTime())) times[j].textContent = format(date, language);
    }
    screens[i].setAttribute('${FIRST_SCREEN_LOCAL_TIMES_ATTRIBUTE}', '');
  }
})();`;
