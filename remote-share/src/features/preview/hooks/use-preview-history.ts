import { useEffect } from 'react';
import { useLatest } from '../../../lib/use-latest';

const MARK = 'nsPreview';

function isPreviewEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && MARK in state;
}

/** A `history.back()` waiting for the end of the current task (see below). */
let pendingBack: ReturnType<typeof setTimeout> | undefined;

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
    if (pendingBack !== undefined && isPreviewEntry(window.history.state)) {
      clearTimeout(pendingBack);
      pendingBack = undefined;
    } else {
      const current: unknown = window.history.state;
      const base = typeof current === 'object' && current !== null ? current : {};
      window.history.pushState({ ...base, [MARK]: true }, '');
    }
    let popped = false;
    const onPopState = () => {
      if (isPreviewEntry(window.history.state)) return;
      popped = true;
      onCloseRef.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      if (popped || !isPreviewEntry(window.history.state)) return;
      pendingBack = setTimeout(() => {
        pendingBack = undefined;
        if (isPreviewEntry(window.history.state)) window.history.back();
      }, 0);
    };
  }, [onCloseRef]);
}
