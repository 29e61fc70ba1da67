import { FIRST_SCREEN_ATTRIBUTE } from './pages';

/**
 * Taps on the server's first screen before the app runs (docs/performance.md, "Taps before the
 * app is ready"). The first screen looks like the app but nothing in it works yet: the script
 * the server writes inline into its page keeps each tap on one of its controls, and the shell
 * carries them out on the same controls of the app's first render, whose markup is the same
 * (`shell/src/start-up/first-screen-taps.ts`).
 */

/** The controls a kept tap names, by their position among them in the first screen. */
export const FIRST_SCREEN_CONTROLS = 'a[href], button, input, label, select, textarea';

/**
 * The text fields among those controls: the visitor types into the painted field (a tap on it is
 * kept as any other, and changes nothing when carried out), and the app's copy of the field
 * starts with what was typed (`shell/src/start-up/first-screen-fields.ts`).
 */
export const FIRST_SCREEN_TEXT_FIELDS =
  'input:not([type]), input[type="text"], input[type="search"], textarea';

/** The page global that holds the kept taps (`KeptFirstScreenTaps`). */
export const KEPT_TAPS_GLOBAL = '__nimbusFirstScreenTaps';

/** Marks a control tapped before the app ran, so it shows the tap was taken (the shell's CSS). */
export const TAP_KEPT_ATTRIBUTE = 'data-tap-kept';

/** A control of the first screen: its position among the controls, and its text to check it by. */
export interface FirstScreenControl {
  index: number;
  text: string;
}

export interface KeptFirstScreenTaps {
  /** The taps, in order. */
  taps: FirstScreenControl[];
  /** The control that had the focus last: the app's copy of it gets the focus. */
  focus: FirstScreenControl | null;
}

/**
 * Plain ES5 in a string, not a compiled function: it runs before any bundle, and a compiler's
 * helpers (tsx's `__name`) would not be there. Its hash is in the page's CSP. Clicks (a tap,
 * Enter, Space) on the first screen's controls are caught before anything else sees them.
 */
export const KEEP_FIRST_SCREEN_TAPS_SCRIPT = `(function () {
  var kept = { taps: [], focus: null };
  window.${KEPT_TAPS_GLOBAL} = kept;
  function controlOf(event) {
    var target = event.target instanceof Element ? event.target : null;
    var screen = target && target.closest('[${FIRST_SCREEN_ATTRIBUTE}]');
    var control = target && target.closest('${FIRST_SCREEN_CONTROLS}');
    if (!screen || !control || !screen.contains(control)) return null;
    var controls = screen.querySelectorAll('${FIRST_SCREEN_CONTROLS}');
    return {
      control: control,
      named: {
        index: Array.prototype.indexOf.call(controls, control),
        text: (control.textContent || '').trim()
      }
    };
  }
  document.addEventListener('click', function (event) {
    var found = controlOf(event);
    if (!found) return;
    event.preventDefault();
    event.stopPropagation();
    kept.taps.push(found.named);
    found.control.setAttribute('${TAP_KEPT_ATTRIBUTE}', '');
  }, true);
  document.addEventListener('focusin', function (event) {
    var found = controlOf(event);
    if (found) kept.focus = found.named;
  }, true);
})();`;
