import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { ChevronRightIcon, FolderIcon } from '../../components/ui/icons';
import { useT } from '../../lib/host-context';
import './save-bar.css';

/** The bottom bar: the 'Save to' selector (when shown) and the save button. */
export function SaveBar({
  showSelector,
  folderName,
  onChooseFolder,
  saveButton,
}: {
  showSelector: boolean;
  folderName: string;
  onChooseFolder(): void;
  saveButton: ReactNode;
}) {
  const t = useT();
  const barRef = useRef<HTMLDivElement>(null);
  useBarHeightOnPage(barRef);
  return (
    <div ref={barRef} className="ns-save-bar">
      <div className="ns-save-bar__inner">
        {showSelector ? (
          // One line, 'Save to' then the folder, whose name is what truncates; the full name is
          // the button's name and its tooltip (and the picker's path shows it whole).
          <button
            type="button"
            className="ns-save-bar__selector"
            aria-label={`${t('saveTo')} ${folderName}`}
            title={`${t('saveTo')} ${folderName}`}
            onClick={onChooseFolder}
          >
            <FolderIcon type={3} size={24} />
            <span className="ns-save-bar__selector-label">{t('saveTo')}</span>
            <span className="ns-save-bar__selector-name">{folderName}</span>
            <ChevronRightIcon />
          </button>
        ) : null}
        <div className="ns-save-bar__action">{saveButton}</div>
      </div>
    </div>
  );
}

/** The page's custom property that holds the fixed bar's height (share-page.css reads it). */
const BAR_HEIGHT_PROPERTY = '--ns-save-bar-height';

/**
 * Keeps the bar's real height on the page: the list leaves that much room below its last row,
 * and focus scrolling keeps a focused row out from under the bar. The bar grows to two rows on a
 * narrow phone, with a wide font or a larger text size.
 */
function useBarHeightOnPage(barRef: { readonly current: HTMLElement | null }) {
  useLayoutEffect(() => {
    const bar = barRef.current;
    const root = document.documentElement;
    if (!bar) return undefined;
    const update = () => root.style.setProperty(BAR_HEIGHT_PROPERTY, `${bar.offsetHeight}px`);
    // The observer's first report comes after the frame's layout, before its paint. Reading the
    // height here, in React's commit, would force a layout of the whole page in the app's first
    // render on a slow phone.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    if (observer) observer.observe(bar);
    else update();
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BAR_HEIGHT_PROPERTY);
    };
  }, [barRef]);
}
