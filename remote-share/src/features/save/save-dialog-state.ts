import type { CloudFolder, SaveFileResult } from 'shared-contracts';

/**
 * The one dialog of the save journey that is open. The mobile folder picker carries its
 * create-folder step, which opens over it.
 */
export type SaveDialog =
  | { kind: 'none' }
  | {
      kind: 'picker';
      /** After a login in save mode, Confirm saves at once. */
      saveAfterConfirm: boolean;
      /** The create-folder sheet over the picker: the parent it creates in. */
      creatingIn: number | null;
      /** The folder the create sheet made, for the picker to select and show. */
      created: CloudFolder | null;
    }
  | { kind: 'pc-save'; fileId?: number }
  | { kind: 'saved'; result: SaveFileResult };

export const NO_DIALOG: SaveDialog = { kind: 'none' };

export const openPicker = (saveAfterConfirm: boolean): SaveDialog => ({
  kind: 'picker',
  saveAfterConfirm,
  creatingIn: null,
  created: null,
});
