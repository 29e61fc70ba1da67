import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLatest } from '../../lib/use-latest';
import './modal.css';

/** Open dialogs, innermost last: only the top one answers Escape and Tab. */
const openModals: symbol[] = [];

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  /** The dialog's title (its accessible name). */
  title: ReactNode;
  /** 'sheet': a bottom sheet on phones; 'center': a centered card. */
  variant?: 'sheet' | 'center';
  /** Shown before the title (e.g. a back button). */
  headerStart?: ReactNode;
  /** Hide the close button (when headerStart closes the dialog). */
  hideClose?: boolean;
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/**
 * An accessible modal dialog: focus moves in on open and back on close, Tab stays inside,
 * Escape and the backdrop close it.
 */
export function Modal({
  open,
  onClose,
  title,
  variant = 'center',
  headerStart,
  hideClose = false,
  closeLabel,
  children,
  footer,
  className,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  const onCloseRef = useLatest(onClose);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (panel && !panel.contains(document.activeElement)) {
      const autofocus = panel.querySelector<HTMLElement>('[data-autofocus]');
      const first = autofocus ?? panel.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? panel).focus();
    }
    const id = Symbol('modal');
    openModals.push(id);
    // Keys are handled on the document, for the top dialog only, so that Escape and the focus
    // trap keep working when the focused control has just been removed (e.g. a list reloaded).
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (openModals[openModals.length - 1] !== id || !panelRef.current) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const root = panelRef.current;
      const nodes = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = nodes[0];
      const last = nodes[nodes.length - 1];
      if (!first || !last) {
        event.preventDefault();
        root.focus();
        return;
      }
      const active = document.activeElement;
      if (!root.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && (active === first || active === root)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = openModals.indexOf(id);
      if (index >= 0) openModals.splice(index, 1);
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open, onCloseRef]);

  if (!open) return null;

  return createPortal(
    <div className={`ns-modal ns-modal--${variant}`}>
      <div className="ns-modal__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        ref={panelRef}
        className={`ns-modal__panel ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="ns-modal__header">
          {headerStart}
          <h2 className="ns-modal__title" id={titleId}>
            {title}
          </h2>
          {hideClose ? null : (
            <button
              type="button"
              className="ns-icon-button ns-modal__close"
              aria-label={closeLabel}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <div className="ns-modal__body">{children}</div>
        {footer ? <div className="ns-modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

export function CloseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 6l12 12M18 6L6 18"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
