export { Dialog, useScrollLock } from './dialog/dialog';
export { CloseIcon } from './dialog/close-icon';
export type { DialogProps, DialogVariant, DialogClassNames } from './dialog/dialog';
export { DialogPending } from './dialog/dialog-pending';
export { useFocusTrap, focusableIn } from './dialog/use-focus-trap';
export type { FocusTrapOptions } from './dialog/use-focus-trap';
export { Spinner, SpinnerRing } from './spinner/spinner';
export type { SpinnerProps } from './spinner/spinner';
export { mountStandalone, DEV_SHELL_URL } from './standalone/mount-standalone';
export type { MountStandaloneOptions } from './standalone/mount-standalone';
export { useOpenedOnce } from './lazy/use-opened-once';
export { useHistoryLayer, afterPendingBack, isLayerBack } from './history/history-layers';
export { QrCode } from './qr-code/qr-code';
export { StoreQrCards } from './store-qr-cards/store-qr-cards';
export type {
  StoreCard,
  StoreQrCardsClassNames,
  StoreQrCardsProps,
} from './store-qr-cards/store-qr-cards';
