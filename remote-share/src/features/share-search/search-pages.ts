import type { ShareSearch, ShareSearchItem } from 'shared-contracts';

/** The results shown so far of one search: the pages that came, in order, and the total. */
export interface SearchResults {
  items: readonly ShareSearchItem[];
  total: number;
  /** The pages asked for so far (the next to ask for is one more). */
  pages: number;
}

export const NO_RESULTS: SearchResults = { items: [], total: 0, pages: 0 };

/**
 * The next page appended: an item a page repeats (the share changed between two pages) shows
 * once.
 */
export function withPage(results: SearchResults, page: ShareSearch): SearchResults {
  const seen = new Set(results.items.map((item) => item.id));
  const fresh = page.file_list.filter((item) => !seen.has(item.id));
  return { items: [...results.items, ...fresh], total: page.total, pages: results.pages + 1 };
}

/** Whether the server holds more matches than are shown (and the last page was not empty). */
export function hasMoreResults(results: SearchResults, lastPageSize: number): boolean {
  return results.items.length < results.total && lastPageSize > 0;
}
