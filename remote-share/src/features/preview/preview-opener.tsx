import { lazy, Suspense, useMemo, useState } from 'react';
import type { HostServices, SharedItem, SharedItemState } from 'shared-contracts';
import { useHost, useTexts } from '../../lib/host-context';
import { textsIn } from '../../lib/texts';
import { loadPreview, startLoadingPreview } from './load-preview';
import { isPreviewable } from './state/preview-events';

// The preview (and the player inside it) loads when a file is first opened.
const PreviewScreen = lazy(() =>
  loadPreview().then((module) => ({ default: module.PreviewScreen })),
);

/**
 * A tap on a file (docs/product.md, "Previews"): an image, a video or an audio opens in the
 * preview; any other file says it has no preview. `previewed` is the file open, or null.
 */
export function usePreviewOpener() {
  const host = useHost();
  const t = useTexts();
  const [previewed, setPreviewed] = useState<SharedItemState | null>(null);
  const open = useMemo(
    () => (item: SharedItemState) => {
      host.events.report('share_preview_click', { file_id: item.id, media_type: item.media_type });
      if (!isPreviewable(item)) {
        host.toast.show(t('noPreview'));
        reportNoPreview(host);
        return;
      }
      startLoadingPreview(item);
      setPreviewed({ ...item });
    },
    [host, t],
  );
  const close = useMemo(() => () => setPreviewed(null), []);
  // Forward after Back closed it: the same file again, without a second click's events.
  const reopen = useMemo(() => (item: SharedItemState) => setPreviewed({ ...item }), []);
  return { previewed, open, close, reopen };
}

/** A file without a preview, in the field data: in English whatever the page's language. */
function reportNoPreview(host: HostServices) {
  const t = textsIn('en');
  host.events.report('share_preview_fail', { error_message: t('noPreview') });
}

/** The preview of `previewed`, over the list, its code loaded when first shown. */
export function PreviewLayer({
  previewed,
  onClose,
  onReopen,
  onSave,
  canSave,
  items,
}: {
  previewed: SharedItemState | null;
  onClose(): void;
  /** Opens this file's preview again (browser Forward after Back closed it). */
  onReopen(item: SharedItemState): void;
  onSave(fileId: number): void;
  canSave: boolean;
  /** The folder's listed items: an image preview steps through its images. */
  items?: readonly SharedItem[];
}) {
  return (
    <Suspense fallback={null}>
      {previewed ? (
        <PreviewScreen
          key={previewed.id}
          item={previewed}
          onClose={onClose}
          onReopen={() => onReopen(previewed)}
          onSave={onSave}
          canSave={canSave}
          items={items}
        />
      ) : null}
    </Suspense>
  );
}
