import { useEffect, useState } from 'react';
import { safeMediaUrl } from '../../../lib/safe-url';
import { useLatest } from '../../../lib/use-latest';

/** A file a viewer loads: null while loading, 'error' when it failed or took too long. */
export type FileLoad<T> = T | 'error' | null;

/**
 * Loads what a viewer shows of a file (`open`, with the file's http(s) URL and a signal that
 * aborts when the preview closes or the time runs out). Gives up after `timeoutMs`; what opens
 * after that, or after the preview closed, is disposed of at once, and what was shown when the
 * preview closes.
 */
export function useFileLoad<T>(
  downloadUrl: string,
  open: (url: string, signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  dispose?: (value: T) => void,
): FileLoad<T> {
  const [state, setState] = useState<FileLoad<T>>(null);
  const latest = useLatest({ open, dispose });
  useEffect(() => {
    const url = safeMediaUrl(downloadUrl);
    if (url === null) {
      setState('error');
      return undefined;
    }
    const { open: load, dispose: release } = latest.current;
    const controller = new AbortController();
    let closed = false;
    let gaveUp = false;
    let shown: { value: T } | null = null;
    setState(null);
    const timer = setTimeout(() => {
      gaveUp = true;
      controller.abort();
      if (!closed) setState('error');
    }, timeoutMs);
    load(url, controller.signal)
      .then(
        (value) => {
          if (closed || gaveUp) release?.(value);
          else {
            shown = { value };
            setState(() => value);
          }
        },
        () => {
          if (!closed && !gaveUp) setState('error');
        },
      )
      .finally(() => clearTimeout(timer));
    return () => {
      closed = true;
      clearTimeout(timer);
      controller.abort();
      if (shown) release?.(shown.value);
    };
  }, [downloadUrl, timeoutMs, latest]);
  return state;
}
