import type { Dispatch, SetStateAction } from 'react';
import { useSnapshot } from 'valtio';
import { DEFAULT_SAVE_FOLDER_ID, ROOT_FOLDER_ID, type FolderPathEntry } from 'shared-contracts';
import { lazyDialog } from '../../components/lazy-dialog';
import { useHost, useTexts } from '../../lib/host-context';
import type { ShareStore } from '../../state/share-store';
import { NO_DIALOG, type SaveDialog } from './save-dialog-state';
import { saveFiles, type SaveContext } from './save-flow';

// Each dialog's code loads when it first opens.
const FolderPickerSheet = lazyDialog(() =>
  import('./mobile-picker/folder-picker-sheet').then((module) => module.FolderPickerSheet),
);
const CreateFolderSheet = lazyDialog(() =>
  import('./create-folder/create-folder-sheet').then((module) => module.CreateFolderSheet),
);
const SaveFolderDialog = lazyDialog(() =>
  import('./pc-dialog/save-folder-dialog').then((module) => module.SaveFolderDialog),
);
const SaveSuccessDialog = lazyDialog(() =>
  import('./save-success-dialog').then((module) => module.SaveSuccessDialog),
);

export interface SaveDialogsProps {
  store: ShareStore;
  dialog: SaveDialog;
  setDialog: Dispatch<SetStateAction<SaveDialog>>;
  saveContext: { readonly current: SaveContext };
}

/** The save journey's dialogs: the one `dialog` names is open, the others closed. */
export function SaveDialogs({ store, dialog, setDialog, saveContext }: SaveDialogsProps) {
  const host = useHost();
  const t = useTexts();
  const snap = useSnapshot(store);
  const defaultFolderId = useSnapshot(host.session.state).defaultFolder?.id ?? null;
  const close = () => setDialog(NO_DIALOG);
  // The create-folder step changes the picker's state, whatever else changed meanwhile.
  const updatePicker = (change: Partial<Extract<SaveDialog, { kind: 'picker' }>>) =>
    setDialog((current) => (current.kind === 'picker' ? { ...current, ...change } : current));
  const picker = dialog.kind === 'picker' ? dialog : null;
  const saveFolderName =
    snap.saveFolder.id === DEFAULT_SAVE_FOLDER_ID ? t('fromShare') : snap.saveFolder.name;
  // The picker opens at the last entry of the chosen folder's path (docs/product.md, "Saving"):
  // the chosen folder itself, where Create folder then makes a new one; its root is Cloud Files.
  const pickerPath: FolderPathEntry[] = snap.saveFolderPath.map((entry, index) =>
    index === 0 ? { id: ROOT_FOLDER_ID, name: t('cloudFiles') } : { ...entry },
  );
  const choose = (folder: FolderPathEntry, folderPath: FolderPathEntry[]) => {
    store.saveFolder = { ...folder };
    store.saveFolderPath = folderPath.map((entry) => ({ ...entry }));
  };

  return (
    <>
      <FolderPickerSheet
        open={picker !== null}
        initialPath={pickerPath}
        initialSelected={{ id: snap.saveFolder.id, name: saveFolderName }}
        defaultFolderId={defaultFolderId}
        createdFolder={picker?.created ?? null}
        onClose={close}
        onConfirm={(folder, folderPath) => {
          choose(folder, folderPath);
          close();
          if (picker?.saveAfterConfirm) void saveFiles(saveContext.current, folder);
        }}
        onCreateFolder={(parentId) => updatePicker({ creatingIn: parentId })}
      />
      <CreateFolderSheet
        open={picker?.creatingIn !== null && picker?.creatingIn !== undefined}
        parentId={picker?.creatingIn ?? ROOT_FOLDER_ID}
        onClose={() => updatePicker({ creatingIn: null })}
        onCreated={(folder) => updatePicker({ creatingIn: null, created: folder })}
      />
      <SaveFolderDialog
        open={dialog.kind === 'pc-save'}
        initialFolder={snap.saveFolder}
        onClose={close}
        onConfirm={(folder, folderPath) => {
          choose(folder, folderPath);
          const fileId = dialog.kind === 'pc-save' ? dialog.fileId : undefined;
          close();
          void saveFiles(saveContext.current, folder, fileId);
        }}
      />
      <SaveSuccessDialog
        open={dialog.kind === 'saved'}
        result={dialog.kind === 'saved' ? dialog.result : null}
        onClose={close}
      />
    </>
  );
}
