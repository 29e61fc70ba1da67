/** The upgrade sheet's flags, kept in the shell's overlay state (app/overlay-state.ts). */
export interface UpgradeSheetState {
  open: boolean;
  /** Set on the first open: the payments remote loads only from then on. */
  requested: boolean;
}
