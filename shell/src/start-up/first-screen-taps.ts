import {
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_CONTROLS,
  KEPT_TAPS_GLOBAL,
  type FirstScreenControl,
  type KeptFirstScreenTaps,
} from 'shared-contracts/page';
import { carryFieldValues, firstScreenFields } from './first-screen-fields';

/** How long the app's first render may take to show the controls the taps were on. */
const REPLAY_WAIT_MS = 20_000;

/** The taps the page's head kept on the first screen (none on a page without one). */
function keptTaps(): KeptFirstScreenTaps | undefined {
  return (window as unknown as Record<string, KeptFirstScreenTaps | undefined>)[KEPT_TAPS_GLOBAL];
}

/** The app's copy of a first-screen control: same position, same text; else null. */
function controlIn(container: Element, named: FirstScreenControl): HTMLElement | null {
  const control = container.querySelectorAll<HTMLElement>(FIRST_SCREEN_CONTROLS)[named.index];
  return control && (control.textContent ?? '').trim() === named.text ? control : null;
}

/**
 * Once the app's first render has replaced the server's first screen in `container`, carries out
 * the taps made on it, in order, on the same controls, and gives the focus back to the control
 * that had it (docs/performance.md, "Taps before the app is ready"). Taps whose controls the
 * app does not show within `REPLAY_WAIT_MS` are dropped rather than sent to another control.
 */
export function replayFirstScreenTaps(container: Element, kept = keptTaps()): void {
  if (!kept) return;
  // What is typed into the first screen's fields goes to the app's (first-screen-fields.ts).
  const fields = firstScreenFields(container);
  const tryReplay = (): boolean => {
    if (container.querySelector(`[${FIRST_SCREEN_ATTRIBUTE}]`)) return false;
    // Every control is found before the first tap runs: a tap may change the screen, and the
    // later taps were made on this one.
    const focusTarget = kept.focus ? controlIn(container, kept.focus) : null;
    const tapped = kept.taps.map((named) => controlIn(container, named));
    if ((kept.focus && !focusTarget) || tapped.some((control) => control === null)) return false;
    kept.taps = [];
    kept.focus = null;
    // The page stays where the reader left it: the copy is where the painted control was.
    if (focusTarget && (!document.activeElement || document.activeElement === document.body)) {
      focusTarget.focus({ preventScroll: true });
    }
    const tapAll = () => {
      for (const control of tapped) if (control?.isConnected) control.click();
    };
    // A typed code reaches the app's state first: 'Extract file' then submits that code.
    if (carryFieldValues(container, fields)) setTimeout(tapAll, 0);
    else tapAll();
    return true;
  };
  const observer = new MutationObserver(() => {
    if (tryReplay()) stop();
  });
  const timer = setTimeout(stop, REPLAY_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(container, { childList: true, subtree: true });
}
