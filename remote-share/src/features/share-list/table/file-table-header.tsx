import type { ShareListSort, Translate } from 'shared-contracts';
import { useTexts } from '../../../lib/host-context';
import type { TextKey } from '../../../lib/texts';
import type { ListQuery } from '../../../state/share-store';
import { ariaSortOf, queryForColumn, SORT_COLUMNS } from './table-sort';
import './file-table.css';

const COLUMN_TEXT: Record<ShareListSort, (t: Translate<TextKey>) => string> = {
  name: (t) => t('columnName'),
  size: (t) => t('detailSize'),
  time: (t) => t('detailModified'),
};

/**
 * The desktop table's header row: Name, Size and Modified, each a button that sorts the list by
 * it (again: the other way round). The sorted column says so with `aria-sort` and an arrow.
 */
export function FileTableHeader({
  query,
  onSort,
}: {
  query: ListQuery;
  onSort(query: ListQuery): void;
}) {
  const t = useTexts();
  return (
    <div className="ns-file-table__header ns-table-columns" role="row" aria-rowindex={1}>
      {SORT_COLUMNS.map((column) => {
        const sorted = ariaSortOf(query, column);
        return (
          <div
            key={column}
            role="columnheader"
            aria-sort={sorted}
            className={`ns-file-table__column ns-table-columns__${column}`}
          >
            <button
              type="button"
              className="ns-file-table__sort"
              data-sorted={sorted}
              onClick={() => onSort(queryForColumn(query, column))}
            >
              {COLUMN_TEXT[column](t)}
            </button>
          </div>
        );
      })}
    </div>
  );
}
