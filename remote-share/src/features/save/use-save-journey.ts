import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { DEFAULT_SAVE_FOLDER_ID, type ShareInfo } from 'shared-contracts';
import { useHost, useSessionUser, useTexts } from '../../lib/host-context';
import { useLatest } from '../../lib/use-latest';
import { checkedIds, type ShareStore } from '../../state/share-store';
import type { SaveButtonVariant } from './save-button';
import { NO_DIALOG, openPicker, type SaveDialog } from './save-dialog-state';
import type { SaveDialogsProps } from './save-dialogs';
import { startSave, type SaveContext } from './save-flow';

/**
 * The save journey of a listed share (docs/product.md, "Saving"): who may save, the open dialog,
 * and the actions the list screen's buttons call. `dialogs` are the props of `SaveDialogs`.
 */
export function useSaveJourney(store: ShareStore, info: ShareInfo) {
  const host = useHost();
  const t = useTexts();
  const user = useSessionUser();
  const snap = useSnapshot(store);
  const [dialog, setDialog] = useState<SaveDialog>(NO_DIALOG);

  const isSharer = Boolean(user && user.user_id === info.user_info.id);
  const variant: SaveButtonVariant = !user ? 'anonymous' : isSharer ? 'sharer' : 'user';
  const saveContext = useLatest<SaveContext>({
    host,
    t,
    shareId: info.id,
    shareCode: info.share_code,
    shareType: info.share_type,
    shareUserId: info.user_info.id,
    extractCode: snap.extractCode,
    checkedIds: () => checkedIds(store),
    saveFolder: () => store.saveFolder,
    setSaving: (saving) => {
      store.saving = saving;
    },
    openPcDialog: (fileId) => setDialog({ kind: 'pc-save', fileId }),
    openPicker: ({ saveAfterConfirm }) => setDialog(openPicker(saveAfterConfirm)),
    onSaved: (result) => setDialog({ kind: 'saved', result }),
  });
  /** Saves the selection, or the one file `fileId` names (the preview's save). */
  const save = useMemo(
    () => (fileId?: number) => void startSave(saveContext.current, fileId),
    [saveContext],
  );
  const chooseFolder = useMemo(() => () => setDialog(openPicker(false)), []);
  const folderName =
    snap.saveFolder.id === DEFAULT_SAVE_FOLDER_ID ? t('fromShare') : snap.saveFolder.name;
  const dialogs: SaveDialogsProps = { store, dialog, setDialog, saveContext };

  return { variant, saving: snap.saving, save, chooseFolder, folderName, dialogs };
}
