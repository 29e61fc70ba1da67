import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFocusTrap } from './use-focus-trap';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  /** The visible heading, also the dialog's accessible name. */
  title: ReactNode;
  onClose(): void;
  /** 'modal' is centred; 'sheet' slides up from the bottom (bottom sheet). */
  variant?: 'modal' | 'sheet';
  /** Name of the close button. */
  closeLabel?: string;
  children: ReactNode;
  className?: string;
  /** BCP 47 language of the dialog's texts, when not the page's. */
  lang?: string;
}

/**
 * The one dialog building block: a generic close-able modal or a bottom sheet. It traps focus,
 * closes on Escape or a click on the backdrop, and returns focus to the opener.
 */
export function Dialog({
  open,
  title,
  onClose,
  variant = 'modal',
  closeLabel = 'Close',
  children,
  className,
  lang,
}: DialogProps) {
  if (!open) return null;
  return (
    <DialogSurface
      title={title}
      onClose={onClose}
      variant={variant}
      closeLabel={closeLabel}
      className={className}
      lang={lang}
    >
      {children}
    </DialogSurface>
  );
}

function DialogSurface({
  title,
  onClose,
  variant,
  closeLabel,
  children,
  className,
  lang,
}: Omit<DialogProps, 'open'>) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true, onClose, body);
  useScrollLock();
  return (
    <div className={`nb-dialog nb-dialog--${variant ?? 'modal'}`}>
      <div className="nb-dialog__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        lang={lang}
        className={`nb-dialog__panel ${className ?? ''}`}
      >
        {variant === 'sheet' && <div className="nb-dialog__grip" aria-hidden="true" />}
        <div className="nb-dialog__header">
          <h2 id={titleId} className="nb-dialog__title">
            {title}
          </h2>
          <button
            type="button"
            className="nb-dialog__close"
            aria-label={closeLabel}
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
        <div ref={body} className="nb-dialog__body">
          {children}
        </div>
      </div>
    </div>
  );
}

let locks = 0;
let savedOverflow = '';

/** The page behind an open dialog does not scroll (one lock per open dialog). */
function useScrollLock() {
  useEffect(() => {
    if (locks === 0) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0) document.body.style.overflow = savedOverflow;
    };
  }, []);
}
