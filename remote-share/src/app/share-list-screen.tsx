import { lazy, Suspense, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  DEFAULT_SAVE_FOLDER_ID,
  type FolderPathEntry,
  type SharedItemState,
  type ShareInfo,
} from 'shared-contracts';
import { FileList } from '../features/file-list/file-list';
import { SelectionBar } from '../features/file-list/selection-bar';
import { ShareBreadcrumb } from '../features/file-list/share-breadcrumb';
import { ShareHeader } from '../features/file-list/share-header';
import { loadPreview, startLoadingPreview } from '../features/preview/load-preview';
import { isPreviewable } from '../features/preview/state/preview-events';
import { SaveBar } from '../features/save/save-bar';
import { SaveButton, type SaveButtonVariant } from '../features/save/save-button';
import { startSave, type SaveContext } from '../features/save/save-flow';
import { ScreenHeading } from '../components/ui/screen-heading';
import { useHost, useIsPc, useSessionUser, useT } from '../lib/host-context';
import { useLatest } from '../lib/use-latest';
import { NO_DIALOG, openPicker, type OpenDialog } from './open-dialog';
import { ShareDialogs } from './share-dialogs';
import { checkedIds, loadFolder, toggleAll, toggleItem } from './state/share-actions';
import { isListPartial, selectedCount, type ShareStore } from './state/share-store';

// The preview (and the player inside it) loads when a file is first opened.
const PreviewScreen = lazy(() =>
  loadPreview().then((module) => ({ default: module.PreviewScreen })),
);

/**
 * The file list of an open share (spec 2, "Share file list"): header, breadcrumb, selection,
 * rows and the save bar, with the dialogs and the preview they open.
 */
export function ShareListScreen({
  store,
  info,
  focusOnMount,
}: {
  store: ShareStore;
  info: ShareInfo;
  /** The list replaced another screen (the extract code's): its heading takes the focus. */
  focusOnMount: boolean;
}) {
  const host = useHost();
  const t = useT();
  const isPc = useIsPc();
  const user = useSessionUser();
  const snap = useSnapshot(store);
  const [dialog, setDialog] = useState<OpenDialog>(NO_DIALOG);
  const [preview, setPreview] = useState<SharedItemState | null>(null);

  const isSharer = Boolean(user && user.user_id === info.user_info.id);
  const variant: SaveButtonVariant = !user ? 'anonymous' : isSharer ? 'sharer' : 'user';
  const { fileList, fileListTotal, checkNewItems } = snap;
  const checkedCount = useMemo(
    () => selectedCount({ fileList, fileListTotal, checkNewItems }),
    [fileList, fileListTotal, checkNewItems],
  );

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
      startLoadingPreview(item);
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

  const path = snap.fileListPath;
  const atRoot = path.length <= 1;
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

  return (
    <div className={`ns-share-page ${isPc ? 'ns-share-page--pc' : 'ns-share-page--mobile'}`}>
      <ScreenHeading
        hidden
        focusOnMount={focusOnMount}
        screenKey={path.map((entry) => entry.id).join('/')}
      >
        {(breadcrumbPath[breadcrumbPath.length - 1] as FolderPathEntry).name}
      </ScreenHeading>
      {atRoot || isPc ? (
        <ShareHeader
          sharer={info.user_info}
          expiryTime={info.expiry_time}
          onReport={() => setDialog({ kind: 'report' })}
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
          folderName={
            snap.saveFolder.id === DEFAULT_SAVE_FOLDER_ID ? t('fromShare') : snap.saveFolder.name
          }
          onChooseFolder={() => setDialog(openPicker(false))}
          saveButton={saveButton()}
        />
      ) : null}
      <ShareDialogs store={store} dialog={dialog} setDialog={setDialog} saveContext={saveContext} />
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
