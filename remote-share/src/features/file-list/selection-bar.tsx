import { useT } from '../../lib/host-context';

/** 'Total N file(s)' or 'N file(s) selected', with the Select all / Deselect all toggle. */
export function SelectionBar({
  total,
  selected,
  onToggleAll,
}: {
  total: number;
  selected: number;
  onToggleAll(): void;
}) {
  const t = useT();
  const allSelected = total > 0 && selected === total;
  return (
    <div className="ns-selection-bar">
      <span className="ns-selection-bar__summary" aria-live="polite">
        {selected > 0 ? t('selectedFiles', { n: selected }) : t('totalFiles', { n: total })}
      </span>
      {total > 0 ? (
        <button type="button" className="ns-link-button" onClick={onToggleAll}>
          {allSelected ? t('deselectAll') : t('selectAll')}
        </button>
      ) : null}
    </div>
  );
}
