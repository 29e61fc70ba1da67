import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { ChevronForwardIcon, FolderIcon } from '../../components/ui/icons';
import { NAME_SLOT, textAroundName, TypedName } from '../../components/ui/name-in-text';
import { useTexts } from '../../lib/host-context';
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
  const t = useTexts();
  const barRef = useRef<HTMLDivElement>(null);
  useBarHeightOnPage(barRef);
  const label = t('saveToChosenFolder', { name: folderName });
  // The words around the folder's name, which a flex gap spaces: 'Save to' before it in English,
  // after it in a language that says so.
  const around = textAroundName(t('saveToChosenFolder', { name: NAME_SLOT }));
  const [before, after] = [around.before.trim(), around.after.trim()];
  return (
    <div ref={barRef} className="ns-save-bar">
      <div className="ns-save-bar__inner">
        {showSelector ? (
          // One line, the words then the folder, whose name is what truncates; the full name is
          // the button's name and its tooltip (and the picker's path shows it whole).
          <button
            type="button"
            className="ns-save-bar__selector"
            aria-label={label}
            title={label}
            onClick={onChooseFolder}
          >
            <FolderIcon type={3} size={24} />
            {before ? <span className="ns-save-bar__selector-label">{before}</span> : null}
            <span className="ns-save-bar__selector-name">
              <TypedName name={folderName} />
            </span>
            {after ? <span className="ns-save-bar__selector-label">{after}</span> : null}
            <ChevronForwardIcon />
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
