import { ShareType, type ShareInfo } from 'shared-contracts';
import { statusKindOf, type ShareStore, type StatusKind } from '../state/share-store';

/** A screen the viewer can show from the share's info alone: no list to wait for. */
export type PageScreen = { phase: 'code' } | { phase: 'status'; statusKind: StatusKind };

/**
 * The screen a share page opens on when the page carried what the share is but no list
 * (`SharePrefetch.pageInfo`): a code that names no share and a closed share show their status
 * view, a protected share its extract-code prompt. Null for an open public share (its list is
 * still to load) and for a protected share this tab has unlocked before (its cached list shows).
 * The server paints the same screen (first-screen/render-share-screen.tsx), so the viewer's first
 * render takes it over as it is instead of blanking it while it asks the API again.
 */
export function pageScreenOf(
  pageInfo: ShareInfo | 'not-found' | null,
  unlockedBefore: boolean,
): PageScreen | null {
  if (pageInfo === null) return null;
  if (pageInfo === 'not-found') return { phase: 'status', statusKind: 'not-found' };
  const kind = statusKindOf(pageInfo.status);
  if (kind !== 'valid') return { phase: 'status', statusKind: kind };
  if (pageInfo.share_type === ShareType.Private && !unlockedBefore) return { phase: 'code' };
  return null;
}

/** Starts a fresh store on the page's screen, when there is one (`pageScreenOf`). */
export function startOnPageScreen(
  store: ShareStore,
  pageInfo: ShareInfo | 'not-found' | null,
  unlockedBefore: boolean,
): void {
  const screen = pageScreenOf(pageInfo, unlockedBefore);
  if (!screen || pageInfo === null || store.phase !== 'loading') return;
  store.info = pageInfo === 'not-found' ? null : pageInfo;
  if (screen.phase === 'status') store.statusKind = screen.statusKind;
  store.phase = screen.phase;
}
