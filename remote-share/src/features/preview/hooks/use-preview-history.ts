import { useEffect } from 'react';
import { useLatest } from '../../../lib/use-latest';

const MARK = 'nsPreview';

/** How long a Back may take to arrive before the next preview stops waiting for it. */
const BACK_ARRIVAL_LIMIT_MS = 1000;

function isPreviewEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && MARK in state;
}

/** A `history.back()` waiting for the end of the current task (see below). */
let pendingBack: ReturnType<typeof setTimeout> | undefined;

/** A `history.back()` the browser has not finished (its popstate has not come yet). */
let backInFlight: Promise<void> | null = null;

/**
 * Goes back over a closed preview's entry. The browser traverses later, in a task of its own: a
 * preview opened before then must not push its entry yet, or the traversal lands on the new
 * entry's parent and closes the new preview (a quick close and reopen on a busy phone).
 */
function goBackOverEntry(): void {
  backInFlight = new Promise((resolve) => {
    const arrived = () => {
      window.removeEventListener('popstate', arrived);
      clearTimeout(limit);
      backInFlight = null;
      resolve();
    };
    const limit = setTimeout(arrived, BACK_ARRIVAL_LIMIT_MS);
    window.addEventListener('popstate', arrived);
    window.history.back();
  });
}

/**
 * Browser Back closes the preview: opening pushes a history entry (same URL), a popstate closes
 * it, and any other close (button, Escape) goes back over that entry.
 *
 * The back is deferred to the end of the task, and a preview opening in the same task takes the
 * entry over instead of pushing another: React's StrictMode (dev) unmounts and remounts at once.
 */
export function usePreviewHistory(onClose: () => void): void {
  const onCloseRef = useLatest(onClose);
  useEffect(() => {
    let mounted = true;
    let listening = false;
    let popped = false;
    const onPopState = () => {
      if (isPreviewEntry(window.history.state)) return;
      popped = true;
      onCloseRef.current();
    };
    const takeEntry = () => {
      if (!mounted) return;
      if (pendingBack !== undefined && isPreviewEntry(window.history.state)) {
        clearTimeout(pendingBack);
        pendingBack = undefined;
      } else {
        const current: unknown = window.history.state;
        const base = typeof current === 'object' && current !== null ? current : {};
        window.history.pushState({ ...base, [MARK]: true }, '');
      }
      window.addEventListener('popstate', onPopState);
      listening = true;
    };
    if (backInFlight) void backInFlight.then(takeEntry);
    else takeEntry();

    return () => {
      mounted = false;
      if (!listening) return;
      window.removeEventListener('popstate', onPopState);
      if (popped || !isPreviewEntry(window.history.state)) return;
      pendingBack = setTimeout(() => {
        pendingBack = undefined;
        if (isPreviewEntry(window.history.state)) goBackOverEntry();
      }, 0);
    };
  }, [onCloseRef]);
}
