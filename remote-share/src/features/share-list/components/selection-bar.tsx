import { useTexts } from '../../../lib/host-context';

/** 'Total N file(s)' or 'N file(s) selected', with the Select all / Deselect all toggle. */
export function SelectionBar({
  total,
  selected,
  loading = false,
  onToggleAll,
}: {
  total: number;
  selected: number;
  /** The folder's items are on their way: no count yet (not 'Total 0'), no toggle. */
  loading?: boolean;
  onToggleAll(): void;
}) {
  const t = useTexts();
  const allSelected = total > 0 && selected === total;
  return (
    <div className="ns-selection-bar">
      {/* Announced as it changes, but page content: inert behind a dialog like the rest (ui-kit). */}
      <span className="ns-selection-bar__summary" aria-live="polite" data-inert-with-page>
        {loading
          ? null
          : selected > 0
            ? t('selectedFiles', { n: selected })
            : t('totalFiles', { n: total })}
      </span>
      {total > 0 && !loading ? (
        <button type="button" className="ns-link-button" onClick={onToggleAll}>
          {allSelected ? t('deselectAll') : t('selectAll')}
        </button>
      ) : null}
    </div>
  );
}
