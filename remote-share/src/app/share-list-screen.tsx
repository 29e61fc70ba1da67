import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { FolderPathEntry, SharedItemState, ShareInfo } from 'shared-contracts';
import { NAME_SLOT, NameInText } from '../components/ui/name-in-text';
import { ScreenHeading } from '../components/ui/screen-heading';
import { FileList } from '../features/share-list/components/file-list';
import {
  changeListQuery,
  goToPathEntry,
  openFolder,
} from '../features/share-list/file-list-actions';
import { toggleAll, toggleItem, toggleRange } from '../features/share-list/selection';
import { ListToolbar } from '../features/share-list/components/list-toolbar';
import { SelectionBar } from '../features/share-list/components/selection-bar';
import { ShareBreadcrumb } from '../features/share-list/components/share-breadcrumb';
import { ShareHeader } from '../features/share-list/components/share-header';
import { FileGrid } from '../features/share-list/grid/file-grid';
import { useViewMode } from '../features/share-list/grid/view-mode';
import { ViewSwitch } from '../features/share-list/grid/view-switch';
import { useFolderAddress } from '../features/share-list/use-folder-address';
import { PreviewLayer, usePreviewOpener } from '../features/preview/preview-opener';
import { LazyReportDialog } from '../features/report/lazy-report-dialog';
import { LazyDetailsPanel } from '../features/share-list/details/lazy-details-panel';
import { SaveBar } from '../features/save/save-bar';
import { SaveButton } from '../features/save/save-button';
import { SaveDialogs } from '../features/save/save-dialogs';
import { useSaveJourney } from '../features/save/use-save-journey';
import { useHost, useIsPc, useTexts } from '../lib/host-context';
import { useScreenTitle } from '../lib/page-title';
import { useWholeShareSearch } from './whole-share-search';
import {
  isListPartial,
  selectedCount,
  type ListQuery,
  type ShareStore,
} from '../state/share-store';

/**
 * The file list of an open share (docs/product.md, "The file list"): header, breadcrumb, selection,
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
  const t = useTexts();
  const isPc = useIsPc();
  const snap = useSnapshot(store);
  const [view, setView] = useViewMode();
  const grid = view === 'grid' && !snap.listLoading && snap.fileList.length > 0;
  const [reporting, setReporting] = useState(false);
  // The item whose details show; kept after closing while the panel animates away.
  const [details, setDetails] = useState<{ open: boolean; item: SharedItemState | null }>({
    open: false,
    item: null,
  });
  const onDetails = useMemo(() => (item: SharedItemState) => setDetails({ open: true, item }), []);
  const save = useSaveJourney(store, info);
  const preview = usePreviewOpener();
  useFolderAddress(store, host);
  const wholeShare = useWholeShareSearch(store, host, info);

  const { fileList, fileListTotal, checkNewItems } = snap;
  const checkedCount = useMemo(
    () => selectedCount({ fileList, fileListTotal, checkNewItems }),
    [fileList, fileListTotal, checkNewItems],
  );
  const openPreview = preview.open;
  const onOpen = useMemo(
    () => (item: SharedItemState) =>
      item.is_folder === 1 ? openFolder(store, host, item) : openPreview(item),
    [store, host, openPreview],
  );
  const onToggle = useMemo(
    () => (id: number, range: boolean) => (range ? toggleRange(store, id) : toggleItem(store, id)),
    [store],
  );

  const changeQuery = (query: ListQuery) => changeListQuery(store, host, query);

  const path = snap.fileListPath;
  const atRoot = path.length <= 1;
  const saveButton = (
    <SaveButton
      variant={save.variant}
      hasSelection={checkedCount > 0}
      saving={save.saving}
      listArriving={isListPartial(snap) || snap.listLoading}
      onSave={() => save.save()}
    />
  );
  const breadcrumbPath: FolderPathEntry[] = path.map((entry, index) =>
    index === 0
      ? { id: entry.id, name: t('sharingRoot', { productName: host.config.productName }) }
      : entry,
  );
  // The folder's name, or at the root the share's (else what the list is: docs/product.md, "The
  // page frame").
  const rootTitle = info.share_name.trim() || t('rootPageTitle');
  useScreenTitle(atRoot ? rootTitle : (path[path.length - 1]?.name ?? null));

  return (
    <div className={`ns-share-page ${isPc ? 'ns-share-page--pc' : 'ns-share-page--mobile'}`}>
      <ScreenHeading
        hidden
        focusOnMount={focusOnMount}
        screenKey={path.map((entry) => entry.id).join('/')}
      >
        {/* At the root, what the share is, as its header shows it; in a folder, the folder. */}
        {atRoot ? rootTitle : (breadcrumbPath[breadcrumbPath.length - 1] as FolderPathEntry).name}
      </ScreenHeading>
      {atRoot || isPc ? (
        <ShareHeader
          info={info}
          titleInHeading={atRoot && info.share_name.trim() !== ''}
          onReport={() => setReporting(true)}
          saveButton={isPc ? saveButton : undefined}
        />
      ) : null}
      {!atRoot ? (
        <ShareBreadcrumb
          path={breadcrumbPath}
          onNavigate={(index) => goToPathEntry(store, host, index)}
        />
      ) : null}
      <ListToolbar
        query={snap.listQuery}
        onChange={changeQuery}
        // The grid has no column headers: its sort is the menu, on desktop too.
        sortMenu={!isPc || view === 'grid'}
        onSearchShare={wholeShare.start}
        viewSwitch={<ViewSwitch mode={view} onChange={setView} />}
      />
      {/* While the address searches the whole share, its results stand in for the folder. */}
      {wholeShare.panel}
      <div className="ns-share-page__folder" hidden={wholeShare.panel !== null}>
        <SelectionBar
          total={snap.fileListTotal}
          selected={checkedCount}
          loading={snap.listLoading}
          onToggleAll={() => toggleAll(store)}
        />
        {grid ? (
          <FileGrid
            items={snap.fileList}
            onOpen={onOpen}
            onDetails={onDetails}
            onToggle={onToggle}
          />
        ) : (
          <FileList
            items={snap.fileList}
            loading={snap.listLoading}
            onOpen={onOpen}
            onDetails={onDetails}
            onToggle={onToggle}
            table={isPc ? { query: snap.listQuery, onSort: changeQuery } : undefined}
            emptyText={
              snap.listQuery.filter ? (
                <NameInText
                  message={t('noFilesMatch', { q: NAME_SLOT })}
                  name={snap.listQuery.filter}
                />
              ) : undefined
            }
            emptyHint={
              snap.listQuery.filter
                ? undefined
                : atRoot
                  ? t('emptyShareHint')
                  : t('emptyFolderHint')
            }
          />
        )}
      </div>
      {!isPc ? (
        <SaveBar
          showSelector={save.variant === 'user'}
          folderName={save.folderName}
          onChooseFolder={save.chooseFolder}
          saveButton={saveButton}
        />
      ) : null}
      <LazyReportDialog
        open={reporting}
        shareCode={info.share_code}
        onClose={() => setReporting(false)}
      />
      <LazyDetailsPanel
        open={details.open}
        item={details.item}
        location={breadcrumbPath.map((entry) => entry.name)}
        onOpenItem={onOpen}
        onClose={() => setDetails((shown) => ({ ...shown, open: false }))}
      />
      <SaveDialogs {...save.dialogs} />
      <PreviewLayer
        previewed={preview.previewed}
        onClose={preview.close}
        onReopen={preview.reopen}
        onSave={save.save}
        canSave={save.variant !== 'sharer'}
        items={snap.fileList}
      />
    </div>
  );
}
