import { sharedState } from '../shared-state';

/**
 * Regions that must keep talking while a dialog is open (toasts, alerts). A live region that is
 * part of the page's content (a list's selection count) says `data-inert-with-page`: it goes
 * inert with the page, or a screen reader would still read it behind the dialog.
 */
const LIVE_REGION = ['[aria-live]', '[role="status"]', '[role="alert"]', '[role="log"]']
  .map((selector) => `${selector}:not([data-inert-with-page])`)
  .join(', ');
const NEVER_INERT = new Set(['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE']);

/**
 * Makes everything outside `keep` inert, except live regions: the page behind a modal dialog
 * can be neither clicked nor focused nor read. Returns the elements it changed.
 */
function inertOutside(keep: HTMLElement): HTMLElement[] {
  const changed: HTMLElement[] = [];
  const inert = (element: Element) => {
    if (!(element instanceof HTMLElement) || NEVER_INERT.has(element.tagName)) return;
    if (element.matches(LIVE_REGION) || element.hasAttribute('inert')) return;
    // A container with a live region inside: its other children go inert, the region stays.
    if (element.querySelector(LIVE_REGION)) {
      for (const child of Array.from(element.children)) inert(child);
      return;
    }
    element.setAttribute('inert', '');
    changed.push(element);
  };
  for (let node: HTMLElement = keep; node.parentElement; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (sibling !== node) inert(sibling);
    }
    if (node.parentElement === document.body) break;
  }
  return changed;
}

/**
 * Makes the page behind the top open dialog inert, and nothing else: called whenever a trap
 * opens or closes. Only what this made inert is made live again.
 */
export function inertBehindTopDialog(): void {
  const state = sharedState();
  for (const element of state.inerted) element.removeAttribute('inert');
  const top = state.traps[state.traps.length - 1]?.root;
  state.inerted = top?.isConnected ? inertOutside(top) : [];
}
