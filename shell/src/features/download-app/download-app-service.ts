import { proxy } from 'valtio';
import type { HostServices } from 'shared-contracts';

/** Whether the download-app dialog is open. */
export interface DownloadAppDialogState {
  open: boolean;
}

/**
 * The dialog's open flag and the `downloadDialog` of HostServices that opens it: the top bar,
 * the deep links on a PC and the remotes all open the one dialog.
 */
export function createDownloadAppDialog(): {
  service: HostServices['downloadDialog'];
  state: DownloadAppDialogState;
} {
  const state = proxy<DownloadAppDialogState>({ open: false });
  return {
    state,
    service: {
      open() {
        state.open = true;
      },
    },
  };
}
