import { SHARE_SEARCH_MAX } from 'shared-contracts';

/**
 * The address of a whole-share search: `?search=beach` beside the folder it was started in, so
 * that Back from a result returns to the results and a reload shows them again.
 */
export const SEARCH_PARAM = 'search';

/** A searched text as it is sent and kept: trimmed, at most `SHARE_SEARCH_MAX` characters. */
export function normalizeSearch(text: string): string {
  return Array.from(text.trim()).slice(0, SHARE_SEARCH_MAX).join('').trim();
}

/** The text an address searches the whole share for; null when it searches nothing. */
export function searchTextOf(query: string): string | null {
  const text = normalizeSearch(new URLSearchParams(query).get(SEARCH_PARAM) ?? '');
  return text === '' ? null : text;
}

/** The address with that search (or with none), its other parameters untouched. */
export function queryWithSearch(query: string, text: string | null): string {
  const params = new URLSearchParams(query);
  const normalized = text === null ? '' : normalizeSearch(text);
  if (normalized === '') params.delete(SEARCH_PARAM);
  else params.set(SEARCH_PARAM, normalized);
  return params.toString();
}

/** A result's place in the share, for the eye: its folders from the root, 'A › B › C'. */
export function pathText(path: readonly { name: string }[]): string {
  return path.map((folder) => folder.name).join(' › ');
}
