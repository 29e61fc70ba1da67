import { defaultShareListOrder, type ShareListSort } from 'shared-contracts';
import type { ListQuery } from '../../../state/share-store';

/** The columns of the desktop table that sort the list, in their order. */
export const SORT_COLUMNS: readonly ShareListSort[] = ['name', 'size', 'time'];

/** A column header's `aria-sort`: the sorted column's direction; the others sort nothing. */
export function ariaSortOf(
  query: ListQuery,
  column: ShareListSort,
): 'ascending' | 'descending' | 'none' {
  if (query.sort !== column) return 'none';
  return query.order === 'asc' ? 'ascending' : 'descending';
}

/**
 * The list a click on a column header asks for: the sorted column flips its order; another column
 * sorts by it in its usual order (names A to Z, the newest and the largest first). The filter stays.
 */
export function queryForColumn(query: ListQuery, column: ShareListSort): ListQuery {
  if (query.sort === column) {
    return { ...query, order: query.order === 'asc' ? 'desc' : 'asc' };
  }
  return { ...query, sort: column, order: defaultShareListOrder(column) };
}
