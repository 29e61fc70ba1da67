import { useMemo, useRef } from 'react';
import type { SharedItem } from 'shared-contracts';
import { useHost } from '../../../lib/host-context';
import { previewEventContent } from '../state/preview-events';

/**
 * The preview's outcome in the field data, once per file shown: `share_preview_success`, or
 * `share_preview_fail` with `failure` (in English, whatever the page's language). A stable
 * function: effects may depend on it.
 */
export function usePreviewReport(item: Pick<SharedItem, 'id' | 'media_type'>, failure: string) {
  const host = useHost();
  const reported = useRef(false);
  const { id, media_type } = item;
  return useMemo(
    () =>
      (ok: boolean, reason = failure) => {
        if (reported.current) return;
        reported.current = true;
        const content = previewEventContent({ id, media_type });
        if (ok) host.events.report('share_preview_success', content);
        else host.events.report('share_preview_fail', { ...content, error_message: reason });
      },
    [host, id, media_type, failure],
  );
}
