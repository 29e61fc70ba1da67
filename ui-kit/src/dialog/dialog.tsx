import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useHistoryLayer } from '../history/history-layers';
import { sharedState } from '../shared-state';
import { CloseIcon } from './close-icon';
import { useFocusTrap } from './use-focus-trap';
import './dialog.css';

export type DialogVariant = 'modal' | 'sheet' | 'fullscreen';

/** Extra class names of the dialog's parts, for an app's own look (ui-kit's CSS never wins). */
export interface DialogClassNames {
  root?: string;
  backdrop?: string;
  panel?: string;
  header?: string;
  title?: string;
  description?: string;
  close?: string;
  body?: string;
  footer?: string;
}

export interface DialogProps {
  open: boolean;
  /** The visible heading, also the dialog's accessible name. */
  title: ReactNode;
  onClose(): void;
  /**
   * 'modal' is centred; 'sheet' slides up from the bottom (bottom sheet); 'fullscreen' covers
   * the viewport.
   */
  variant?: DialogVariant;
  /** Name of the close button, in the page's language (ui-kit owns no texts). */
  closeLabel: string;
  /** Hide the close button (when `headerStart` closes the dialog). */
  hideClose?: boolean;
  /** The close button before the title ('start') or after it ('end', the default). */
  closePlacement?: 'start' | 'end';
  /** Shown before the title (e.g. a back button). */
  headerStart?: ReactNode;
  /** Shown under the title; it also describes the dialog (aria-describedby). */
  description?: ReactNode;
  children: ReactNode;
  /** Shown under the body (e.g. the dialog's buttons). */
  footer?: ReactNode;
  /** Class name of the panel (the element with role="dialog"). */
  className?: string;
  classNames?: DialogClassNames;
  /** BCP 47 language of the dialog's texts, when not the page's. */
  lang?: string;
  /**
   * Where the first focus goes on open (a `[data-autofocus]` element always wins): the first
   * control of the body ('content', the default) or the panel's first control ('first').
   */
  initialFocus?: 'content' | 'first';
  /** Show the bottom sheet's grip (sheets only; shown by default). */
  grip?: boolean;
  /** Render into document.body instead of in place. */
  portal?: boolean;
  /** Stop the page behind from scrolling while open (the default). */
  lockScroll?: boolean;
  /** Browser Back closes the dialog (the default), before it leaves the page. */
  closeOnBack?: boolean;
}

function cx(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/**
 * The one dialog building block: a generic close-able modal, a bottom sheet or a fullscreen
 * dialog. It traps focus (nested dialogs too), closes on Escape, browser Back or a click on the
 * backdrop, returns focus to the opener and locks the page scroll.
 */
export function Dialog({ open, portal = false, ...props }: DialogProps) {
  if (!open) return null;
  const surface = <DialogSurface {...props} />;
  return portal ? createPortal(surface, document.body) : surface;
}

function DialogSurface({
  title,
  onClose,
  variant = 'modal',
  closeLabel,
  hideClose = false,
  closePlacement = 'end',
  headerStart,
  description,
  children,
  footer,
  className,
  classNames = {},
  lang,
  initialFocus = 'content',
  grip = true,
  lockScroll = true,
  closeOnBack = true,
}: Omit<DialogProps, 'open' | 'portal'>) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true, onClose, { initial: initialFocus === 'first' ? 'first' : body });
  useScrollLock(lockScroll);
  useHistoryLayer(onClose, closeOnBack);

  const close = hideClose ? null : (
    <button
      type="button"
      className={cx('uk-dialog__close', classNames.close)}
      aria-label={closeLabel}
      onClick={onClose}
    >
      <CloseIcon />
    </button>
  );

  return (
    <div className={cx('uk-dialog', `uk-dialog--${variant}`, classNames.root)}>
      <div
        className={cx('uk-dialog__backdrop', classNames.backdrop)}
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        lang={lang}
        className={cx('uk-dialog__panel', classNames.panel, className)}
      >
        {variant === 'sheet' && grip && <div className="uk-dialog__grip" aria-hidden="true" />}
        <div className={cx('uk-dialog__header', classNames.header)}>
          {closePlacement === 'start' && close}
          {headerStart}
          <h2 id={titleId} className={cx('uk-dialog__title', classNames.title)}>
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className={cx('uk-dialog__description', classNames.description)}>
              {description}
            </p>
          ) : null}
          {closePlacement === 'end' && close}
        </div>
        <div ref={body} className={cx('uk-dialog__body', classNames.body)}>
          {children}
        </div>
        {footer ? <div className={cx('uk-dialog__footer', classNames.footer)}>{footer}</div> : null}
      </div>
    </div>
  );
}

/** The page behind open dialogs does not scroll (one lock per open dialog, page-wide). */
export function useScrollLock(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return undefined;
    const state = sharedState();
    if (state.scrollLocks === 0) {
      state.savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    state.scrollLocks += 1;
    return () => {
      state.scrollLocks -= 1;
      if (state.scrollLocks === 0) document.body.style.overflow = state.savedOverflow;
    };
  }, [enabled]);
}
