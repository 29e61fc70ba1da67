import { useEffect, useRef, type RefObject } from 'react';
import { sharedState } from '../shared-state';

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

/**
 * While `active`: focus moves into the container (unless it is already inside), Tab and
 * Shift+Tab cycle inside it, Escape calls `onEscape`; when it ends, focus returns to the element
 * that had it before (the opener).
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

    const { traps } = sharedState();
    const token = {};
    traps.push(token);
    const onKeyDown = (event: KeyboardEvent) => {
      if (traps[traps.length - 1] !== token) return;
      if (event.key === 'Escape') {
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
      if (opener && opener.isConnected) opener.focus();
    };
  }, [active, container, initial]);
}
