import { useCallback, useSyncExternalStore } from 'react';

/** How the share's items show: rows (on desktop a table) or a grid of tiles. */
export type ViewMode = 'list' | 'grid';

/** Where the visitor's choice is kept, in this browser, for every share. */
export const VIEW_MODE_STORAGE_KEY = 'nimbus_share_view';

const listeners = new Set<() => void>();

/** The choice of this page, when storage refuses to keep it. */
let unstored: ViewMode | null = null;

export function storedViewMode(): ViewMode {
  try {
    return window.localStorage.getItem(VIEW_MODE_STORAGE_KEY) === 'grid' ? 'grid' : 'list';
  } catch {
    // Storage refused (a private mode, a policy): this page's choice, else the list.
    return unstored ?? 'list';
  }
}

function storeViewMode(mode: ViewMode): void {
  try {
    window.localStorage.setItem(VIEW_MODE_STORAGE_KEY, mode);
  } catch {
    // Not kept past this page: the switch still works.
    unstored = mode;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === VIEW_MODE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const clientMode = storedViewMode;
/** The server paints the list: the grid (a choice kept in the browser) follows at hydration. */
const serverMode = (): ViewMode => 'list';

/**
 * The visitor's view, kept in localStorage and shared by every share page and tab; the setter
 * keeps a new choice.
 */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const mode = useSyncExternalStore(subscribe, clientMode, serverMode);
  const setMode = useCallback((next: ViewMode) => storeViewMode(next), []);
  return [mode, setMode];
}
