import { useHistoryLayer } from 'ui-kit';

/**
 * Browser Back closes the preview, as it closes a dialog: the preview is a layer of the page's
 * history (ui-kit's `useHistoryLayer`), and any other close goes back over its entry.
 */
export function usePreviewHistory(onClose: () => void): void {
  useHistoryLayer(onClose);
}
