import { useCallback, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import {
  DEFAULT_SAVE_FOLDER_ID,
  FIRST_PAGE,
  FolderType,
  ROOT_FOLDER_ID,
  type CloudFolder,
  type FolderPathEntry,
} from 'shared-contracts';
import {
  BackIcon,
  CheckIcon,
  ChevronRightIcon,
  FolderIcon,
  PlusIcon,
} from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { fetchFolderPage } from '../../lib/folders';
import { useHost, useT } from '../../lib/host-context';
import { useLatest } from '../../lib/use-latest';
import './folder-picker-sheet.css';

export interface FolderPickerSheetProps {
  open: boolean;
  /** The browse path to open at; the first entry is the root. */
  initialPath: readonly FolderPathEntry[];
  /** The folder chosen so far. */
  initialSelected: FolderPathEntry;
  /** The id of the user's real default folder, when known (the 'From Share' entry stands for it). */
  defaultFolderId: number | null;
  /** A folder the create sheet has just made: it is shown, selected and scrolled to. */
  createdFolder: CloudFolder | null;
  onClose(): void;
  onConfirm(selected: FolderPathEntry, path: FolderPathEntry[]): void;
  /** Opens the create-folder sheet for a parent folder id. */
  onCreateFolder(parentId: number): void;
}

interface Listing {
  items: CloudFolder[];
  page: number;
  complete: boolean;
  loading: boolean;
}

const EMPTY: Listing = { items: [], page: 0, complete: false, loading: false };

/** The mobile 'Save to' folder list (bottom sheet). Closing without Confirm changes nothing. */
export function FolderPickerSheet({
  open,
  initialPath,
  initialSelected,
  defaultFolderId,
  createdFolder,
  onClose,
  onConfirm,
  onCreateFolder,
}: FolderPickerSheetProps) {
  const host = useHost();
  const t = useT();
  const [path, setPath] = useState<FolderPathEntry[]>([]);
  const [selected, setSelected] = useState<FolderPathEntry>(initialSelected);
  const [listing, setListing] = useState<Listing>(EMPTY);
  const requestRef = useRef(0);
  const listRef = useRef<HTMLUListElement>(null);
  const scrollToId = useRef<number | null>(null);

  const rootName = t('cloudFiles');
  const fromShareName = t('fromShare');
  const current = path[path.length - 1];
  const atRoot = path.length <= 1;

  /** The server id to list for a path entry ('From Share' is the real default folder). */
  const listIdOf = useCallback(
    (id: number) => (id === DEFAULT_SAVE_FOLDER_ID ? (defaultFolderId ?? id) : id),
    [defaultFolderId],
  );

  const load = useCallback(
    async (folderId: number, page: number) => {
      const request = ++requestRef.current;
      setListing((previous) => ({
        ...(page === FIRST_PAGE ? EMPTY : previous),
        loading: true,
      }));
      const result = await fetchFolderPage(host, listIdOf(folderId), page);
      if (request !== requestRef.current) return;
      setListing((previous) => {
        if (!result) return { ...previous, loading: false, complete: true };
        const known = new Set(previous.items.map((item) => item.id));
        const fresh = result.list.filter((item) => !known.has(item.id));
        return {
          items: page === FIRST_PAGE ? result.list : [...previous.items, ...fresh],
          page,
          complete: result.complete,
          loading: false,
        };
      });
    },
    [host, listIdOf],
  );

  // Opening: browse the saved path, the current choice selected. Only on open: later changes
  // of the initial values must not reset the sheet.
  const openArgs = useLatest({ initialPath, initialSelected, rootName, load });
  useEffect(() => {
    if (!open) return;
    const args = openArgs.current;
    const start =
      args.initialPath.length > 0
        ? [...args.initialPath]
        : [{ id: ROOT_FOLDER_ID, name: args.rootName }];
    setPath(start);
    setSelected(args.initialSelected);
    void args.load((start[start.length - 1] as FolderPathEntry).id, FIRST_PAGE);
  }, [open, openArgs]);

  // A folder made by the create sheet: add it, select it and scroll to it.
  useEffect(() => {
    if (!open || !createdFolder) return;
    setListing((previous) =>
      previous.items.some((item) => item.id === createdFolder.id)
        ? previous
        : { ...previous, items: [createdFolder, ...previous.items] },
    );
    setSelected({ id: createdFolder.id, name: createdFolder.name });
    scrollToId.current = createdFolder.id;
  }, [open, createdFolder]);

  useLayoutEffect(() => {
    if (scrollToId.current === null || !listRef.current) return;
    const node = listRef.current.querySelector<HTMLElement>(
      `[data-folder-id="${scrollToId.current}"]`,
    );
    if (node) {
      node.scrollIntoView?.({ block: 'nearest' });
      scrollToId.current = null;
    }
  });

  // The pressed entry disappears when the list reloads: keep the focus inside the sheet.
  const keepFocus = () => listRef.current?.focus();

  const openFolder = (entry: FolderPathEntry) => {
    keepFocus();
    const next = [...path, entry];
    setPath(next);
    setSelected(entry);
    void load(entry.id, FIRST_PAGE);
  };

  const goTo = (index: number) => {
    keepFocus();
    const next = path.slice(0, index + 1);
    const last = next[next.length - 1] as FolderPathEntry;
    setPath(next);
    setSelected(last);
    void load(last.id, FIRST_PAGE);
  };

  const back = () => {
    if (atRoot) onClose();
    else goTo(path.length - 2);
  };

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const element = event.currentTarget;
    if (listing.loading || listing.complete || !current) return;
    if (element.scrollTop + element.clientHeight >= element.scrollHeight - 48) {
      void load(current.id, listing.page + 1);
    }
  };

  const confirm = () => {
    const selectedIsCurrent = current?.id === selected.id;
    onConfirm(selected, selectedIsCurrent ? path : [...path, selected]);
  };

  const entries: { folder: FolderPathEntry; type: number }[] = [];
  if (atRoot)
    entries.push({
      folder: { id: DEFAULT_SAVE_FOLDER_ID, name: fromShareName },
      type: FolderType.FromShare,
    });
  for (const item of listing.items) {
    if (atRoot && defaultFolderId !== null && item.id === defaultFolderId) continue;
    entries.push({ folder: { id: item.id, name: item.name }, type: item.folder_type });
  }

  const backButton = (
    <button type="button" className="ns-icon-button" aria-label={t('back')} onClick={back}>
      <BackIcon />
    </button>
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      variant="sheet"
      title={t('saveToFolder', { name: selected.name })}
      headerStart={backButton}
      closeLabel={t('close')}
      className="ns-picker"
      footer={
        <>
          <button
            type="button"
            className="ns-button ns-button--secondary"
            onClick={() => current && onCreateFolder(listIdOf(current.id))}
          >
            <PlusIcon />
            {t('createFolder')}
          </button>
          <button type="button" className="ns-button ns-button--primary" onClick={confirm}>
            {t('confirm')}
          </button>
        </>
      }
    >
      <nav className="ns-picker__crumbs" aria-label={t('breadcrumb')}>
        <ol>
          {path.map((entry, index) => (
            <li key={`${entry.id}-${index}`}>
              {index > 0 ? <ChevronRightIcon size={14} /> : null}
              {index === path.length - 1 ? (
                <span aria-current="page">{entry.name}</span>
              ) : (
                <button type="button" className="ns-link-button" onClick={() => goTo(index)}>
                  {entry.name}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <ul
        ref={listRef}
        className="ns-picker__list"
        aria-label={t('subfolders')}
        tabIndex={-1}
        onScroll={onScroll}
      >
        {entries.map(({ folder, type }) => {
          const isSelected = folder.id === selected.id;
          return (
            <li key={folder.id} data-folder-id={folder.id}>
              <button
                type="button"
                className={`ns-picker__item ${isSelected ? 'ns-picker__item--selected' : ''}`}
                aria-current={isSelected ? 'true' : undefined}
                onClick={() => openFolder(folder)}
              >
                <FolderIcon type={type} size={32} />
                <span className="ns-picker__name">{folder.name}</span>
                {isSelected ? (
                  <span className="ns-picker__tick">
                    <CheckIcon />
                  </span>
                ) : (
                  <ChevronRightIcon />
                )}
              </button>
            </li>
          );
        })}
        {listing.loading ? (
          <li>
            <Spinner label={t('loading')} />
          </li>
        ) : null}
        {!listing.loading && entries.length === 0 ? (
          <li className="ns-picker__empty">{t('noSubfolders')}</li>
        ) : null}
      </ul>
    </Modal>
  );
}
