import type { Dispatch, SetStateAction } from 'react';
import { useSnapshot } from 'valtio';
import { DEFAULT_SAVE_FOLDER_ID, ROOT_FOLDER_ID, type FolderPathEntry } from 'shared-contracts';
import { useHost, useT } from '../lib/host-context';
import { saveFiles, type SaveContext } from '../features/save/save-flow';
import { lazyDialog } from './lazy-dialog';
import { NO_DIALOG, type OpenDialog } from './open-dialog';
import type { ShareStore } from './state/share-store';

// Each dialog's code loads when it first opens.
const ReportDialog = lazyDialog(() =>
  import('../features/report/report-dialog').then((module) => module.ReportDialog),
);
const FolderPickerSheet = lazyDialog(() =>
  import('../features/folder-picker/folder-picker-sheet').then(
    (module) => module.FolderPickerSheet,
  ),
);
const CreateFolderSheet = lazyDialog(() =>
  import('../features/create-folder/create-folder-sheet').then(
    (module) => module.CreateFolderSheet,
  ),
);
const SaveFolderDialog = lazyDialog(() =>
  import('../features/save-dialog-pc/save-folder-dialog').then((module) => module.SaveFolderDialog),
);
const SaveSuccessDialog = lazyDialog(() =>
  import('../features/save/save-success-dialog').then((module) => module.SaveSuccessDialog),
);

export interface ShareDialogsProps {
  store: ShareStore;
  dialog: OpenDialog;
  setDialog: Dispatch<SetStateAction<OpenDialog>>;
  saveContext: { readonly current: SaveContext };
}

/** The list screen's dialogs: the one `dialog` names is open, the others closed. */
export function ShareDialogs({ store, dialog, setDialog, saveContext }: ShareDialogsProps) {
  const host = useHost();
  const t = useT();
  const snap = useSnapshot(store);
  const defaultFolderId = useSnapshot(host.session.state).defaultFolder?.id ?? null;
  const close = () => setDialog(NO_DIALOG);
  // The create-folder step changes the picker's state, whatever else changed meanwhile.
  const updatePicker = (change: Partial<Extract<OpenDialog, { kind: 'picker' }>>) =>
    setDialog((current) => (current.kind === 'picker' ? { ...current, ...change } : current));
  const info = snap.info;
  const picker = dialog.kind === 'picker' ? dialog : null;
  const saveFolderName =
    snap.saveFolder.id === DEFAULT_SAVE_FOLDER_ID ? t('fromShare') : snap.saveFolder.name;
  // The picker opens at the last entry of the chosen folder's path (spec 4, "Folder picker"):
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
      <ReportDialog
        open={dialog.kind === 'report'}
        shareCode={info?.share_code ?? ''}
        onClose={close}
      />
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
