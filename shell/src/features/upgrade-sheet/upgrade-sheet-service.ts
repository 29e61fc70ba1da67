import { proxy } from 'valtio';
import type { HostServices } from 'shared-contracts';

/** The upgrade sheet's flags. */
export interface UpgradeSheetState {
  open: boolean;
  /** Set on the first open: the payments remote loads only from then on. */
  requested: boolean;
}

/** The sheet's flags and the `upgradeSheet` of HostServices that opens it (remote-payments). */
export function createUpgradeSheet(): {
  service: HostServices['upgradeSheet'];
  state: UpgradeSheetState;
} {
  const state = proxy<UpgradeSheetState>({ open: false, requested: false });
  return {
    state,
    service: {
      open() {
        state.requested = true;
        state.open = true;
      },
    },
  };
}
