import { useEffect, useLayoutEffect, useRef, type UIEvent } from 'react';
import { DEFAULT_SAVE_FOLDER_ID, FolderType, type FolderPathEntry } from 'shared-contracts';
import {
  BackIcon,
  CheckIcon,
  ChevronForwardIcon,
  FolderIcon,
  PlusIcon,
} from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { NAME_SLOT, NameInText, TypedName } from '../../../components/ui/name-in-text';
import { Spinner } from '../../../components/ui/spinner';
import { useTexts } from '../../../lib/host-context';
import { useFolderPicker, type FolderPickerOptions } from './use-folder-picker';
import './folder-picker-sheet.css';

export interface FolderPickerSheetProps extends Omit<FolderPickerOptions, 'rootName'> {
  onClose(): void;
  onConfirm(selected: FolderPathEntry, path: FolderPathEntry[]): void;
  /** Opens the create-folder sheet for a parent folder id. */
  onCreateFolder(parentId: number): void;
}

/** The mobile 'Save to' folder list (bottom sheet). Closing without Confirm changes nothing. */
export function FolderPickerSheet({
  onClose,
  onConfirm,
  onCreateFolder,
  ...options
}: FolderPickerSheetProps) {
  const { open, defaultFolderId, createdFolder } = options;
  const t = useTexts();
  const fromShareName = t('fromShare');
  const { path, current, atRoot, selected, listing, listIdOf, openFolder, goTo, loadMore } =
    useFolderPicker({ ...options, rootName: t('cloudFiles') });
  const listRef = useRef<HTMLUListElement>(null);
  const scrollToId = useRef<number | null>(null);
  const endRef = useRef<HTMLLIElement>(null);
  const loadMoreRef = useRef(loadMore);
  useLayoutEffect(() => {
    loadMoreRef.current = loadMore;
  });

  // In a short window the whole sheet scrolls rather than the list (folder-picker-sheet.css), so
  // the list's own scroll events stop: the next page also loads when the list's end shows.
  useEffect(() => {
    const end = endRef.current;
    if (!open || !end || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((entry) => entry.isIntersecting)) loadMoreRef.current();
      },
      { rootMargin: '48px' },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [open]);

  // A folder made by the create sheet is scrolled to once it is listed.
  useEffect(() => {
    if (open && createdFolder) scrollToId.current = createdFolder.id;
  }, [open, createdFolder]);

  useLayoutEffect(() => {
    if (scrollToId.current === null || !listRef.current) return;
    const node = Array.from(listRef.current.children).find(
      (entry): entry is HTMLElement =>
        entry instanceof HTMLElement && entry.dataset.folderId === String(scrollToId.current),
    );
    if (node) {
      node.scrollIntoView?.({ block: 'nearest' });
      scrollToId.current = null;
    }
  });

  // The pressed entry disappears when the list reloads: keep the focus inside the sheet.
  const keepFocus = () => listRef.current?.focus();

  const browse = (entry: FolderPathEntry) => {
    keepFocus();
    openFolder(entry);
  };

  const browseBack = (index: number) => {
    keepFocus();
    goTo(index);
  };

  const back = () => {
    if (atRoot) onClose();
    else browseBack(path.length - 2);
  };

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const element = event.currentTarget;
    if (element.scrollTop + element.clientHeight >= element.scrollHeight - 48) loadMore();
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
      title={<NameInText message={t('saveToFolder', { name: NAME_SLOT })} name={selected.name} />}
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
              {index > 0 ? <ChevronForwardIcon size={14} /> : null}
              {index === path.length - 1 ? (
                <span aria-current="page">
                  <TypedName name={entry.name} />
                </span>
              ) : (
                <button
                  type="button"
                  className="ns-link-button"
                  title={entry.name}
                  onClick={() => browseBack(index)}
                >
                  <TypedName name={entry.name} />
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
                onClick={() => browse(folder)}
              >
                <FolderIcon type={type} size={32} />
                <span className="ns-picker__name">
                  <TypedName name={folder.name} />
                </span>
                {isSelected ? (
                  <span className="ns-picker__tick">
                    <CheckIcon />
                  </span>
                ) : (
                  <ChevronForwardIcon />
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
        <li ref={endRef} className="ns-picker__end" aria-hidden="true" />
      </ul>
    </Modal>
  );
}
