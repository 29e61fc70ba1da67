import { sharedState } from '../shared-state';

/** The z-index of ui-kit's dialogs (dialog.css): the bottom of the stack keeps it. */
const BASE_LAYER = 1000;
/** The fixed element of a ui-kit dialog that paints it (its backdrop and panel). */
const DIALOG_LAYER = '.uk-dialog';

/**
 * Paints the open dialogs in the order of the focus-trap stack: the last opened on top, whatever
 * their order in the page. Dialogs of different apps (the shell's download dialog, a remote's
 * upgrade sheet) are siblings with one z-index, so the page's order alone would decide, and a
 * dialog mounted earlier in the page would open under one that was already open (and, as the top
 * trap, make that one inert). Called whenever a trap opens or closes; each dialog of the stack
 * gets one step above the one under it.
 */
export function paintInStackOrder(): void {
  sharedState().traps.forEach((trap, index) => {
    const layer = trap.root?.closest<HTMLElement>(DIALOG_LAYER);
    if (layer) layer.style.zIndex = String(BASE_LAYER + index);
  });
}
