import { proxy } from 'valtio';
import type { UpgradeSheetState } from '../features/upgrade-sheet/upgrade-sheet-state';

/** Which global overlays are open (the shell's dialog flags). */
export interface OverlayState {
  downloadDialog: boolean;
  upgradeSheet: UpgradeSheetState;
}

export function createOverlayState(): OverlayState {
  return proxy<OverlayState>({
    downloadDialog: false,
    upgradeSheet: { open: false, requested: false },
  });
}
