import {
  DEFAULT_SHARE_LIST_SORT,
  defaultShareListOrder,
  SHARE_NAME_FILTER_MAX,
  type ShareDetailRequest,
  type ShareListOrder,
  type ShareListSort,
} from 'shared-contracts';
import { DEFAULT_LIST_QUERY, type ListQuery } from '../../state/share-store';

export const LIST_SORTS: readonly ShareListSort[] = ['name', 'time', 'size'];
const LIST_ORDERS: readonly ShareListOrder[] = ['asc', 'desc'];

export function isDefaultListQuery(query: ListQuery): boolean {
  return sameListQuery(query, DEFAULT_LIST_QUERY);
}

export function sameListQuery(a: ListQuery, b: ListQuery): boolean {
  return a.sort === b.sort && a.order === b.order && a.filter === b.filter;
}

/** A typed filter as the query keeps it: trimmed, at most `SHARE_NAME_FILTER_MAX` characters. */
export function normalizeFilter(text: string): string {
  return Array.from(text.trim()).slice(0, SHARE_NAME_FILTER_MAX).join('').trim();
}

/**
 * The fields of a `/share/detail` request for a query: none for the default order (so a request
 * is what it was before sorting), the filter only when there is one.
 */
export function listQueryFields(
  query: ListQuery,
): Pick<ShareDetailRequest, 'sort' | 'order' | 'name_filter'> {
  const filter = normalizeFilter(query.filter);
  const sorted = query.sort !== DEFAULT_LIST_QUERY.sort || query.order !== DEFAULT_LIST_QUERY.order;
  return {
    ...(sorted ? { sort: query.sort, order: query.order } : {}),
    ...(filter ? { name_filter: filter } : {}),
  };
}

const isSort = (value: string | null): value is ShareListSort =>
  (LIST_SORTS as readonly (string | null)[]).includes(value);
const isOrder = (value: string | null): value is ShareListOrder =>
  (LIST_ORDERS as readonly (string | null)[]).includes(value);

/**
 * The query an address carries: `sort` (name, time, size), `order` (asc, desc; the sort's own
 * order when absent) and `q` (the name filter). A value it cannot be is ignored, as if absent.
 */
export function listQueryFromSearch(search: URLSearchParams): ListQuery {
  const sortParam = search.get('sort');
  const orderParam = search.get('order');
  const sort = isSort(sortParam) ? sortParam : DEFAULT_SHARE_LIST_SORT;
  const order = isOrder(orderParam) ? orderParam : defaultShareListOrder(sort);
  return { sort, order, filter: normalizeFilter(search.get('q') ?? '') };
}

/**
 * Writes a query into an address's parameters, leaving the others alone: only what differs from
 * the default (a sort in its own order carries no `order`), so a plain folder's address stays
 * plain.
 */
export function writeListQuery(search: URLSearchParams, query: ListQuery): void {
  search.delete('sort');
  search.delete('order');
  search.delete('q');
  const sorted = query.sort !== DEFAULT_LIST_QUERY.sort || query.order !== DEFAULT_LIST_QUERY.order;
  if (sorted) search.set('sort', query.sort);
  if (sorted && query.order !== defaultShareListOrder(query.sort)) search.set('order', query.order);
  const filter = normalizeFilter(query.filter);
  if (filter) search.set('q', filter);
}
