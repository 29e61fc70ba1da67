import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ResponseCode,
  SHARE_LIST_PAGE_DEFAULT,
  type HostServices,
  type ShareInfo,
} from 'shared-contracts';
import { searchTextOf } from './search-address';
import { hasMoreResults, NO_RESULTS, withPage, type SearchResults } from './search-pages';

/** What the results show: the pages so far, and whether one is on its way or failed. */
export interface ShareSearchState {
  results: SearchResults;
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadMore(): void;
}

/**
 * The whole share searched for `text` (`/share/search`), a page at a time: the first page when
 * the text changes, the next on `loadMore`. An answer to an older text is dropped.
 */
export function useShareSearch(
  host: HostServices,
  info: ShareInfo,
  extractCode: string,
  text: string | null,
): ShareSearchState {
  const [results, setResults] = useState<SearchResults>(NO_RESULTS);
  const [lastPageSize, setLastPageSize] = useState(0);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const request = useRef(0);

  const fetchPage = useCallback(
    async (searched: string, current: SearchResults) => {
      const id = ++request.current;
      setLoading(true);
      setFailed(false);
      try {
        const answer = await host.api.call('/share/search', {
          share_id: info.id,
          share_code: info.share_code,
          extract_code: extractCode,
          q: searched,
          page: { current_page: current.pages + 1, page_size: SHARE_LIST_PAGE_DEFAULT },
        });
        if (id !== request.current) return;
        if (answer.code !== ResponseCode.Success || !answer.data) {
          setFailed(true);
          return;
        }
        setResults(withPage(current, answer.data));
        setLastPageSize(answer.data.file_list.length);
      } catch {
        // The API client has shown the transport error.
        if (id === request.current) setFailed(true);
      } finally {
        if (id === request.current) setLoading(false);
      }
    },
    [host, info.id, info.share_code, extractCode],
  );

  useEffect(() => {
    setResults(NO_RESULTS);
    setLastPageSize(0);
    if (text === null) {
      request.current += 1;
      setLoading(false);
      return;
    }
    void fetchPage(text, NO_RESULTS);
  }, [text, fetchPage]);

  const loadMore = useCallback(() => {
    if (text !== null && !loading) void fetchPage(text, results);
  }, [text, loading, fetchPage, results]);

  return {
    results,
    loading,
    failed,
    hasMore: hasMoreResults(results, lastPageSize),
    loadMore,
  };
}

/**
 * The address's search, followed: what it searches now, and a way to start or end one (a new
 * history entry: Back returns to where the visitor was).
 */
export function useSearchAddress(host: HostServices): [string | null, (query: string) => void] {
  const [text, setText] = useState(() => searchTextOf(host.address.query()));
  useEffect(() => host.address.onPop((query) => setText(searchTextOf(query))), [host]);
  const go = useCallback(
    (query: string) => {
      host.address.push(query);
      setText(searchTextOf(query));
    },
    [host],
  );
  return [text, go];
}
