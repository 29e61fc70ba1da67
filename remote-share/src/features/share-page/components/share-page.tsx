import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  DEFAULT_SAVE_FOLDER_ID,
  ROOT_FOLDER_ID,
  type CloudFolder,
  type FolderPathEntry,
  type SaveFileResult,
  type SharedItemState,
  type SharePrefetch,
} from 'shared-contracts';
import { useHost, useIsPc, useSessionUser, useT } from '../../../lib/host-context';
import { useLatest } from '../../../lib/use-latest';
import { ExtractCodeScreen } from '../../extract-code/extract-code-screen';
import { FileList } from '../../file-list/file-list';
import { SelectionBar } from '../../file-list/selection-bar';
import { ShareBreadcrumb } from '../../file-list/share-breadcrumb';
import { ShareHeader } from '../../file-list/share-header';
import { isPreviewable } from '../../preview/state/preview-events';
import { SaveBar } from '../../save/save-bar';
import { SaveButton, type SaveButtonVariant } from '../../save/save-button';
import { saveFiles, startSave, type SaveContext } from '../../save/save-flow';
import { StatusView } from '../../status/status-view';
import {
  checkedIds,
  initShare,
  loadFolder,
  submitExtractCode,
  toggleAll,
  toggleItem,
} from '../state/share-actions';
import { createShareStore, isListPartial, selectedCount } from '../state/share-store';
import { useOpenedOnce } from 'ui-kit';
import './share-page.css';

// The dialogs and the preview load when first opened: the first screen is the file list, and
// its JavaScript has a budget (README, "Performance").
const ReportDialog = lazy(() =>
  import('../../report/report-dialog').then((module) => ({ default: module.ReportDialog })),
);
const FolderPickerSheet = lazy(() =>
  import('../../folder-picker/folder-picker-sheet').then((module) => ({
    default: module.FolderPickerSheet,
  })),
);
const CreateFolderSheet = lazy(() =>
  import('../../create-folder/create-folder-sheet').then((module) => ({
    default: module.CreateFolderSheet,
  })),
);
const SaveFolderDialog = lazy(() =>
  import('../../save-dialog-pc/save-folder-dialog').then((module) => ({
    default: module.SaveFolderDialog,
  })),
);
const SaveSuccessDialog = lazy(() =>
  import('../../save/save-success-dialog').then((module) => ({
    default: module.SaveSuccessDialog,
  })),
);
const PreviewScreen = lazy(() =>
  import('../../preview').then((module) => ({ default: module.PreviewScreen })),
);

/** The page's URL; empty in the server's render of the first screen, which has no window. */
const pageUrl = () => (typeof window === 'undefined' ? '' : window.location.href);

/** The share viewer: init, then the status view, the extract-code prompt or the file list. */
export function SharePage({ sharePrefetch }: { sharePrefetch?: SharePrefetch | undefined }) {
  const host = useHost();
  const t = useT();
  const isPc = useIsPc();
  const user = useSessionUser();
  const [store] = useState(() => {
    const url = pageUrl();
    return createShareStore(sharePrefetch?.firstScreen?.(url) ?? null, url);
  });
  const snap = useSnapshot(store);

  const [reportOpen, setReportOpen] = useState(false);
  const [picker, setPicker] = useState<{ open: boolean; saveAfterConfirm: boolean }>({
    open: false,
    saveAfterConfirm: false,
  });
  const [create, setCreate] = useState<{ open: boolean; parentId: number }>({
    open: false,
    parentId: ROOT_FOLDER_ID,
  });
  const [createdFolder, setCreatedFolder] = useState<CloudFolder | null>(null);
  const [pcDialog, setPcDialog] = useState<{ open: boolean; fileId?: number }>({ open: false });
  const [saved, setSaved] = useState<SaveFileResult | null>(null);
  const [preview, setPreview] = useState<SharedItemState | null>(null);
  const reportMounted = useOpenedOnce(reportOpen);
  const pickerMounted = useOpenedOnce(picker.open);
  const createMounted = useOpenedOnce(create.open);
  const pcDialogMounted = useOpenedOnce(pcDialog.open);
  const savedMounted = useOpenedOnce(saved !== null);

  useEffect(() => {
    let alive = true;
    void initShare(store, host, () => alive, sharePrefetch?.take(window.location.href) ?? null);
    return () => {
      alive = false;
    };
  }, [store, host, sharePrefetch]);

  const info = snap.info;
  const defaultFolderId = useSnapshot(host.session.state).defaultFolder?.id ?? null;
  const isSharer = Boolean(user && info && user.user_id === info.user_info.id);
  const variant: SaveButtonVariant = !user ? 'anonymous' : isSharer ? 'sharer' : 'user';
  const { fileList, fileListTotal, checkNewItems } = snap;
  const checkedCount = useMemo(
    () => selectedCount({ fileList, fileListTotal, checkNewItems }),
    [fileList, fileListTotal, checkNewItems],
  );

  const saveContext = useLatest<SaveContext>({
    host,
    t,
    shareId: info?.id ?? 0,
    shareCode: info?.share_code ?? '',
    shareType: info?.share_type ?? 1,
    shareUserId: info?.user_info.id ?? -1,
    extractCode: snap.extractCode,
    checkedIds: () => checkedIds(store),
    saveFolder: () => store.saveFolder,
    setSaving: (saving) => {
      store.saving = saving;
    },
    openPcDialog: (fileId) => setPcDialog({ open: true, fileId }),
    openPicker: ({ saveAfterConfirm }) => setPicker({ open: true, saveAfterConfirm }),
    onSaved: (result) => setSaved(result),
  });

  const onOpen = useMemo(
    () => (item: SharedItemState) => {
      if (item.is_folder === 1) {
        window.scrollTo?.(0, 0);
        void loadFolder(store, host, [...store.fileListPath, { id: item.id, name: item.name }]);
        return;
      }
      host.events.report('share_preview_click', { file_id: item.id, media_type: item.media_type });
      if (!isPreviewable(item)) {
        host.toast.show(t('noPreview'));
        host.events.report('share_preview_fail', { error_message: t('noPreview') });
        return;
      }
      setPreview({ ...item });
    },
    [store, host, t],
  );
  const onToggle = useMemo(() => (id: number) => toggleItem(store, id), [store]);
  const closePreview = useMemo(() => () => setPreview(null), []);
  const savePreviewed = useMemo(
    () => (fileId: number) => void startSave(saveContext.current, fileId),
    [saveContext],
  );

  if (snap.phase === 'loading') return <div className="ns-share-page ns-share-page--blank" />;
  if (snap.phase === 'status' || !info) return <StatusView kind={snap.statusKind} />;
  if (snap.phase === 'code') {
    return (
      <ExtractCodeScreen
        sharer={info.user_info}
        expiryTime={info.expiry_time}
        onSubmit={(code) => submitExtractCode(store, host, code)}
      />
    );
  }

  const path = snap.fileListPath;
  const atRoot = path.length <= 1;
  const saveFolderName =
    snap.saveFolder.id === DEFAULT_SAVE_FOLDER_ID ? t('fromShare') : snap.saveFolder.name;
  const saveButton = (className?: string) => (
    <SaveButton
      variant={variant}
      hasSelection={checkedCount > 0}
      saving={snap.saving}
      listArriving={isListPartial(snap)}
      onSave={() => void startSave(saveContext.current)}
      className={className}
    />
  );
  const breadcrumbPath: FolderPathEntry[] = path.map((entry, index) =>
    index === 0
      ? { id: entry.id, name: t('sharingRoot', { productName: host.config.productName }) }
      : entry,
  );
  const pickerPath: FolderPathEntry[] = (
    snap.saveFolderPath.length > 1 ? snap.saveFolderPath.slice(0, -1) : [snap.saveFolderPath[0]]
  ).map((entry, index) =>
    index === 0 ? { id: ROOT_FOLDER_ID, name: t('cloudFiles') } : { ...(entry as FolderPathEntry) },
  );

  return (
    <div className={`ns-share-page ${isPc ? 'ns-share-page--pc' : 'ns-share-page--mobile'}`}>
      {atRoot || isPc ? (
        <ShareHeader
          sharer={info.user_info}
          expiryTime={info.expiry_time}
          onReport={() => setReportOpen(true)}
          saveButton={isPc ? saveButton() : undefined}
        />
      ) : null}
      {!atRoot ? (
        <ShareBreadcrumb
          path={breadcrumbPath}
          onNavigate={(index) =>
            void loadFolder(store, host, store.fileListPath.slice(0, index + 1))
          }
        />
      ) : null}
      <SelectionBar
        total={snap.fileListTotal}
        selected={checkedCount}
        onToggleAll={() => toggleAll(store)}
      />
      <FileList
        items={snap.fileList}
        loading={snap.listLoading}
        onOpen={onOpen}
        onToggle={onToggle}
      />
      {!isPc ? (
        <SaveBar
          showSelector={variant === 'user'}
          folderName={saveFolderName}
          onChooseFolder={() => setPicker({ open: true, saveAfterConfirm: false })}
          saveButton={saveButton()}
        />
      ) : null}

      <Suspense fallback={null}>
        {reportMounted && (
          <ReportDialog
            open={reportOpen}
            shareCode={info.share_code}
            onClose={() => setReportOpen(false)}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {pickerMounted && (
          <FolderPickerSheet
            open={picker.open}
            initialPath={pickerPath}
            initialSelected={{ id: snap.saveFolder.id, name: saveFolderName }}
            defaultFolderId={defaultFolderId}
            createdFolder={createdFolder}
            onClose={() => {
              setPicker({ open: false, saveAfterConfirm: false });
              setCreatedFolder(null);
            }}
            onConfirm={(folder, folderPath) => {
              store.saveFolder = { ...folder };
              store.saveFolderPath = folderPath.map((entry) => ({ ...entry }));
              const after = picker.saveAfterConfirm;
              setPicker({ open: false, saveAfterConfirm: false });
              setCreatedFolder(null);
              if (after) void saveFiles(saveContext.current, folder);
            }}
            onCreateFolder={(parentId) => setCreate({ open: true, parentId })}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {createMounted && (
          <CreateFolderSheet
            open={create.open}
            parentId={create.parentId}
            onClose={() => setCreate((previous) => ({ ...previous, open: false }))}
            onCreated={(folder) => setCreatedFolder(folder)}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {pcDialogMounted && (
          <SaveFolderDialog
            open={pcDialog.open}
            initialFolder={snap.saveFolder}
            onClose={() => setPcDialog({ open: false })}
            onConfirm={(folder, folderPath) => {
              store.saveFolder = { ...folder };
              store.saveFolderPath = folderPath.map((entry) => ({ ...entry }));
              const fileId = pcDialog.fileId;
              setPcDialog({ open: false });
              void saveFiles(saveContext.current, folder, fileId);
            }}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {savedMounted && <SaveSuccessDialog result={saved} onClose={() => setSaved(null)} />}
      </Suspense>
      <Suspense fallback={null}>
        {preview ? (
          <PreviewScreen
            key={preview.id}
            item={preview}
            onClose={closePreview}
            onSave={savePreviewed}
            canSave={variant !== 'sharer'}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
