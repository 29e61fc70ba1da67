import type { ShareDetailRequest } from './api';

/** What a share's listing is sorted by (`/share/detail`'s `sort`). */
export type ShareListSort = NonNullable<ShareDetailRequest['sort']>;
/** Which way (`/share/detail`'s `order`). */
export type ShareListOrder = NonNullable<ShareDetailRequest['order']>;

/**
 * The sort of a listing whose request names none: folders first, then by name, as every listing
 * was before sorting. The server lists so; the viewer leaves a default sort out of its requests
 * and out of the page's address.
 */
export const DEFAULT_SHARE_LIST_SORT: ShareListSort = 'name';

/** The order a sort starts in when none is named: names A to Z, the newest and the largest first. */
export function defaultShareListOrder(sort: ShareListSort): ShareListOrder {
  return sort === 'name' ? 'asc' : 'desc';
}
