import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('inert') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/** Open traps, innermost last: only the top one handles keys. */
const stack: object[] = [];

/**
 * While `active`: focus moves into the container, Tab and Shift+Tab cycle inside it, Escape calls
 * `onEscape`; when it ends, focus returns to the element that had it before (the opener).
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
  /** Where the first focus goes (its first control); the container's first control otherwise. */
  initial?: RefObject<HTMLElement | null>,
): void {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    if (!active) return undefined;
    const root = container.current;
    if (!root) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const preferred = initial?.current ? focusableIn(initial.current)[0] : undefined;
    const first = preferred ?? focusableIn(root)[0];
    (first ?? root).focus();

    const token = {};
    stack.push(token);
    // On the document, so keys still work when focus fell out (e.g. a login popup closed).
    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(root);
      if (items.length === 0) {
        event.preventDefault();
        root.focus();
        return;
      }
      const firstItem = items[0] as HTMLElement;
      const lastItem = items[items.length - 1] as HTMLElement;
      const current = document.activeElement;
      if (event.shiftKey && (current === firstItem || !root.contains(current))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (current === lastItem || !root.contains(current))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      stack.splice(stack.indexOf(token), 1);
      if (opener && opener.isConnected) opener.focus();
    };
  }, [active, container, initial]);
}
