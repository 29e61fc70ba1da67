import { proxy } from 'valtio';

/** Which global overlays are open (the shell's dialog flags). */
export interface OverlayState {
  downloadDialog: boolean;
  upgradeSheet: {
    open: boolean;
    /** Set on the first open: the payments remote loads only from then on. */
    requested: boolean;
  };
}

export function createOverlayState(): OverlayState {
  return proxy<OverlayState>({
    downloadDialog: false,
    upgradeSheet: { open: false, requested: false },
  });
}
