import { useCallback, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { MediaType, type SharedItem } from 'shared-contracts';
import { useFocusTrap, useScrollLock } from 'ui-kit';
import { BackIcon } from '../../../components/ui/icons';
import { useHost, useT } from '../../../lib/host-context';
import { useLatest } from '../../../lib/use-latest';
import { usePreviewHistory } from '../hooks/use-preview-history';
import { ImageViewer } from './image-viewer';
import { MediaPlayer } from './media-player';
import './preview.css';

export interface PreviewScreenProps {
  item: SharedItem;
  /** Closes the preview (the caller drops the item). */
  onClose(): void;
  /** Starts the save flow for this one file (the overlay at the preview limit). */
  onSave(fileId: number): void;
  /** False on the sharer's own share. */
  canSave: boolean;
}

/**
 * The full-screen preview: a back bar with the file name and a close button over the viewer of
 * the file's type. While it is open the page title is the file name; browser Back and Escape
 * close it, and the focus returns to where it was (the file's row).
 */
export function PreviewScreen({ item, onClose, onSave, canSave }: PreviewScreenProps) {
  const host = useHost();
  const t = useT();
  const rootRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useLatest(onClose);

  usePreviewHistory(onClose);

  useEffect(() => {
    host.page.setTitle(item.name);
    return () => host.page.setTitle(null);
  }, [host, item.name]);

  // Focus moves in (to the close button) and back to the row on close; Tab stays inside; the
  // page behind does not scroll. The trap stack is page-wide, so a login sheet opened on top
  // takes the keys until it closes. Escape during the video's own fullscreen is the browser's.
  const closeFromKeyboard = useCallback(() => {
    if (!document.fullscreenElement) onCloseRef.current();
  }, [onCloseRef]);
  useFocusTrap(rootRef, true, closeFromKeyboard, { initial: 'first' });
  useScrollLock(true);

  let viewer = null;
  if (item.media_type === MediaType.Image) viewer = <ImageViewer item={item} />;
  else if (item.media_type === MediaType.Video || item.media_type === MediaType.Audio) {
    viewer = (
      <MediaPlayer
        item={item}
        kind={item.media_type === MediaType.Video ? 'video' : 'audio'}
        canSave={canSave}
        onSave={onSave}
      />
    );
  }

  return createPortal(
    <div
      ref={rootRef}
      className="ns-preview"
      role="dialog"
      aria-modal="true"
      aria-label={t('preview', { name: item.name })}
    >
      <div className="ns-preview__bar">
        <button
          type="button"
          className="ns-preview__close"
          aria-label={t('closePreview')}
          onClick={onClose}
        >
          <BackIcon />
        </button>
        <h2 className="ns-preview__name" title={item.name}>
          {item.name}
        </h2>
      </div>
      <div className="ns-preview__stage">{viewer}</div>
    </div>,
    document.body,
  );
}
