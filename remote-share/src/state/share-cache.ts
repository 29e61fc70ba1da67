import type { ExtractCodeFileListEntry, SharedItem } from 'shared-contracts';

/** Session-storage keys (docs/product.md, "The extract-code screen"). */
export const CACHE_KEY = 'extractCodeFilelist';
export const CURRENT_CODE_KEY = 'extractCode';

function readAll(): ExtractCodeFileListEntry[] {
  try {
    const raw = window.sessionStorage.getItem(CACHE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is ExtractCodeFileListEntry =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as ExtractCodeFileListEntry).extractCode === 'string' &&
        typeof (entry as ExtractCodeFileListEntry).shareUrl === 'string' &&
        Array.isArray((entry as ExtractCodeFileListEntry).fileList),
    );
  } catch {
    return [];
  }
}

/** The cached extract code and root list of a share url, if this tab opened it before. */
export function readCachedList(shareUrl: string): ExtractCodeFileListEntry | null {
  return readAll().find((entry) => entry.shareUrl === shareUrl) ?? null;
}

/** Remembers the code and root list of a share url for reloads in this tab. */
export function writeCachedList(shareUrl: string, extractCode: string, fileList: SharedItem[]) {
  try {
    const others = readAll().filter((entry) => entry.shareUrl !== shareUrl);
    const entries = [...others, { extractCode, shareUrl, fileList }];
    window.sessionStorage.setItem(CACHE_KEY, JSON.stringify(entries));
    window.sessionStorage.setItem(CURRENT_CODE_KEY, extractCode);
  } catch {
    // Storage full or disabled: the cache is only a convenience.
  }
}
