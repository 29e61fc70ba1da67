import { useEffect, useRef, type RefObject } from 'react';
import { sharedState } from '../shared-state';
import { inertBehindTopDialog } from './inert-page';
import { paintInStackOrder } from './stack-order';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The keyboard-reachable controls inside `container`, in DOM order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) =>
      !element.hasAttribute('hidden') &&
      !element.hasAttribute('inert') &&
      element.getAttribute('aria-hidden') !== 'true',
  );
}

export interface FocusTrapOptions {
  /**
   * Where the first focus goes when the trap starts (a `[data-autofocus]` element always wins):
   * the first control of `initial` (then of the container) by default, or 'first': the
   * container's first control (e.g. a close button placed first).
   */
  initial?: RefObject<HTMLElement | null> | 'first';
}

/** Whether the focus can go to `element` now (in the page, shown, enabled, not behind a dialog). */
function canTakeFocus(element: HTMLElement): boolean {
  return (
    element.isConnected &&
    !element.closest('[inert]') &&
    !(element as HTMLButtonElement).disabled &&
    // Not hidden by CSS (browsers without checkVisibility, Safari before 17.4, count as shown).
    (typeof element.checkVisibility !== 'function' || element.checkVisibility())
  );
}

/**
 * Where the focus goes when a trap ends: its opener; when the opener is gone or disabled and sat
 * in another dialog that has closed too, that dialog's opener, and so on; else the page's
 * heading (each screen has one that takes the focus), else the body.
 */
function returnTarget(opener: HTMLElement | null): HTMLElement | null {
  const { openers } = sharedState();
  let candidate = opener;
  for (let hops = 0; candidate && hops < 10; hops += 1) {
    if (canTakeFocus(candidate)) return candidate;
    let root: HTMLElement | null = candidate;
    while (root && !openers.has(root)) root = root.parentElement;
    candidate = root ? (openers.get(root) ?? null) : null;
  }
  return document.querySelector<HTMLElement>('h1[tabindex="-1"]');
}

/** A key a control inside handles itself: Escape in an open menu closes the menu, not the dialog. */
function handledInside(event: KeyboardEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  return event.defaultPrevented || Boolean(target?.closest('[role="menu"], [role="listbox"]'));
}

/**
 * While `active`: focus moves into the container (unless it is already inside), Tab and
 * Shift+Tab cycle inside it, Escape calls `onEscape` (unless a menu inside took it); the page
 * outside the top trap is inert, and the top trap's dialog paints above the others. When it
 * ends, focus returns to the opener, or the next sensible place when the opener is gone
 * (`returnTarget`).
 *
 * Open traps form one stack per page, shared by every app that compiles ui-kit in (the shell
 * and each remote): only the innermost one handles keys. Keys are handled on the document, so
 * they keep working when focus fell out (a login popup closed, a focused row was reloaded).
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
  options: FocusTrapOptions = {},
): void {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);
  const { initial } = options;

  useEffect(() => {
    if (!active) return undefined;
    const root = container.current;
    if (!root) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!root.contains(document.activeElement)) {
      const autofocus = root.querySelector<HTMLElement>('[data-autofocus]');
      const preferred =
        initial && initial !== 'first' && initial.current
          ? focusableIn(initial.current)[0]
          : undefined;
      (autofocus ?? preferred ?? focusableIn(root)[0] ?? root).focus();
    }

    const { traps, openers } = sharedState();
    const token = { root };
    traps.push(token);
    openers.set(root, opener);
    inertBehindTopDialog();
    paintInStackOrder();
    const onKeyDown = (event: KeyboardEvent) => {
      if (traps[traps.length - 1] !== token) return;
      if (event.key === 'Escape') {
        if (handledInside(event)) return;
        event.preventDefault();
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(root);
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (!firstItem || !lastItem) {
        event.preventDefault();
        root.focus();
        return;
      }
      const current = document.activeElement;
      const inside = root.contains(current);
      if (event.shiftKey && (current === firstItem || current === root || !inside)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (current === lastItem || !inside)) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = traps.indexOf(token);
      if (index >= 0) traps.splice(index, 1);
      inertBehindTopDialog();
      paintInStackOrder();
      // Only when the focus left with the trap (a trap closing under another keeps it there).
      const focused = document.activeElement;
      if (!focused || focused === document.body || root.contains(focused)) {
        returnTarget(opener)?.focus();
      }
    };
  }, [active, container, initial]);
}
