import { useHistoryLayer } from 'ui-kit';

/**
 * Browser Back closes the preview, as it closes a dialog: the preview is a layer of the page's
 * history (ui-kit's `useHistoryLayer`), and any other close goes back over its entry. Forward
 * after that Back opens it again (`onReopen`).
 */
export function usePreviewHistory(onClose: () => void, onReopen?: () => void): void {
  useHistoryLayer(onClose, true, onReopen);
}
