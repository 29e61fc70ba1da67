export { Dialog, CloseIcon, useScrollLock } from './dialog/dialog';
export type { DialogProps, DialogVariant, DialogClassNames } from './dialog/dialog';
export { useFocusTrap, focusableIn } from './dialog/use-focus-trap';
export type { FocusTrapOptions } from './dialog/use-focus-trap';
export { Spinner, SpinnerRing } from './spinner/spinner';
export type { SpinnerProps } from './spinner/spinner';
export { mountStandalone, DEV_SHELL_URL } from './standalone/mount-standalone';
export type { MountStandaloneOptions } from './standalone/mount-standalone';
export { useOpenedOnce } from './lazy/use-opened-once';
