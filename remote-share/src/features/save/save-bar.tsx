import type { ReactNode } from 'react';
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
  return (
    <div className="ns-save-bar">
      <div className="ns-save-bar__inner">
        {showSelector ? (
          <button
            type="button"
            className="ns-save-bar__selector"
            aria-label={`${t('saveTo')} ${folderName}`}
            onClick={onChooseFolder}
          >
            <FolderIcon type={3} size={28} />
            <span className="ns-save-bar__selector-text">
              <span className="ns-save-bar__selector-label">{t('saveTo')}</span>
              <span className="ns-save-bar__selector-name">{folderName}</span>
            </span>
            <ChevronRightIcon />
          </button>
        ) : null}
        <div className="ns-save-bar__action">{saveButton}</div>
      </div>
    </div>
  );
}
