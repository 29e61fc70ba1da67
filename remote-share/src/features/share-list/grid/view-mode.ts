import { useCallback, useSyncExternalStore } from 'react';
import {
  shareViewOf,
  VIEW_COOKIE,
  VIEW_COOKIE_MAX_AGE_SECONDS,
  type ShareView,
} from 'shared-contracts';

/** How the share's items show: rows (on desktop a table) or a grid of tiles. */
export type ViewMode = ShareView;

/** Where builds before the view cookie kept the choice: moved to the cookie once, then dropped. */
export const LEGACY_VIEW_STORAGE_KEY = 'nimbus_share_view';

/** The view cookie's value in a `document.cookie` string (the first, as sent); null for none. */
export function viewCookieValue(cookies: string): string | null {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === VIEW_COOKIE) return pair.slice(at + 1).trim();
  }
  return null;
}

/** The `document.cookie` assignment that keeps a view for a year on every page of the site. */
export function viewCookie(mode: ViewMode, https: boolean): string {
  return [
    `${VIEW_COOKIE}=${mode}`,
    'path=/',
    `max-age=${VIEW_COOKIE_MAX_AGE_SECONDS}`,
    'samesite=lax',
    // Over https only where the page is: a development server on http keeps it too.
    ...(https ? ['secure'] : []),
  ].join(';');
}

const listeners = new Set<() => void>();

/** The choice of this page, when the browser refuses the cookie. */
let unstored: ViewMode | null = null;

/** Writes the cookie; false when the browser did not keep it (cookies blocked). */
function keepInCookie(mode: ViewMode): boolean {
  document.cookie = viewCookie(mode, window.location.protocol === 'https:');
  return viewCookieValue(document.cookie) === mode;
}

/** A choice an older build kept in localStorage; null for none (or storage refused). */
function legacyChoice(): ViewMode | null {
  try {
    const stored = window.localStorage.getItem(LEGACY_VIEW_STORAGE_KEY);
    return stored === 'grid' || stored === 'list' ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The visitor's view in this browser: the cookie's (validated: only `grid` is the grid); without
 * one, a choice an older build kept in localStorage, moved to the cookie once (the server reads
 * only the cookie), the legacy key dropped when the cookie was kept.
 */
export function currentViewMode(): ViewMode {
  if (unstored) return unstored;
  const cookie = viewCookieValue(document.cookie);
  if (cookie !== null) return shareViewOf(cookie);
  const legacy = legacyChoice();
  if (legacy === null) return 'list';
  if (keepInCookie(legacy)) {
    try {
      window.localStorage.removeItem(LEGACY_VIEW_STORAGE_KEY);
    } catch {
      // Nothing to drop where storage is refused.
    }
  }
  return legacy;
}

function storeViewMode(mode: ViewMode): void {
  unstored = keepInCookie(mode) ? null : mode;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The view the server renders in: the request's cookie's, set before each (synchronous) render. */
let serverView: ViewMode = 'list';

/** Sets the view of the server's next render (render-share-first-screen.tsx). */
export function prepareServerView(mode: ViewMode): void {
  serverView = mode;
}

/**
 * The visitor's view, kept in the `nimbus_view` cookie for every share page and read by the
 * server, which paints the same view first; the setter keeps a new choice. The app replaces the
 * painted screen with its own first render (no hydration), which reads the same cookie.
 */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const mode = useSyncExternalStore(subscribe, currentViewMode, () => serverView);
  const setMode = useCallback((next: ViewMode) => storeViewMode(next), []);
  return [mode, setMode];
}
