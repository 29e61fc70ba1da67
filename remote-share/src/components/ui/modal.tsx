import type { ReactNode } from 'react';
import { Dialog, type DialogClassNames } from 'ui-kit';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  /** The dialog's title (its accessible name). */
  title: ReactNode;
  /**
   * 'sheet': a bottom sheet on phones; 'center': a centered card; 'side': a bottom sheet on
   * phones, a panel along the window's end edge on wider screens (the page stays in sight).
   */
  variant?: 'sheet' | 'center' | 'side';
  /** Shown before the title (e.g. a back button). */
  headerStart?: ReactNode;
  /** Hide the close button (when headerStart closes the dialog). */
  hideClose?: boolean;
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/** This app's look of ui-kit's dialog parts (see modal.css). */
const CLASS_NAMES: Record<NonNullable<ModalProps['variant']>, DialogClassNames> = {
  center: modalClassNames('center'),
  sheet: modalClassNames('sheet'),
  side: modalClassNames('side'),
};

function modalClassNames(variant: NonNullable<ModalProps['variant']>): DialogClassNames {
  return {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- class names
    root: `ns-modal ns-modal--${variant}`,
    panel: 'ns-modal__panel',
    header: 'ns-modal__header',
    title: 'ns-modal__title',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- class names
    close: 'ns-icon-button ns-modal__close',
    body: 'ns-modal__body',
    footer: 'ns-modal__footer',
  };
}

/**
 * An accessible modal dialog (ui-kit's Dialog in this app's look): focus moves in on open (to a
 * `[data-autofocus]` control, else the first one) and back on close, Tab stays inside, Escape
 * and the backdrop close it. Rendered into document.body.
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
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      variant={variant === 'center' ? 'modal' : 'sheet'}
      headerStart={headerStart}
      hideClose={hideClose}
      closeLabel={closeLabel}
      footer={footer}
      className={className}
      classNames={CLASS_NAMES[variant]}
      initialFocus="first"
      grip={false}
      portal
    >
      {children}
    </Dialog>
  );
}
