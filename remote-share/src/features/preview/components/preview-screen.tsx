import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { MediaType, type SharedItem } from 'shared-contracts';
import { BackIcon } from '../../../components/ui/icons';
import { useHost, useT } from '../../../lib/host-context';
import { useLatest } from '../../../lib/use-latest';
import { usePreviewHistory } from '../hooks/use-preview-history';
import { ImageViewer } from './image-viewer';
import { MediaPlayer } from './media-player';
import './preview.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useLatest(onClose);

  usePreviewHistory(onClose);

  useEffect(() => {
    host.page.setTitle(item.name);
    return () => host.page.setTitle(null);
  }, [host, item.name]);

  // Focus in on open and back on close; the page behind does not scroll meanwhile.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (previous && previous.isConnected) previous.focus();
    };
  }, []);

  // Escape closes and Tab stays inside, unless the focus is in a dialog opened on top (login).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const root = rootRef.current;
      if (!root) return;
      const target = event.target instanceof Node ? event.target : null;
      const inside = !target || target === document.body || root.contains(target);
      if (!inside) return;
      if (event.key === 'Escape') {
        if (event.defaultPrevented || document.fullscreenElement) return;
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const nodes = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (node) => node.getClientRects().length > 0 || node === closeRef.current,
      );
      const first = nodes[0];
      const last = nodes[nodes.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (!active || !root.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onCloseRef]);

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
      <header className="ns-preview__bar">
        <button
          ref={closeRef}
          type="button"
          className="ns-preview__close"
          aria-label={t('closePreview')}
          onClick={onClose}
        >
          <BackIcon />
        </button>
        <h1 className="ns-preview__name" title={item.name}>
          {item.name}
        </h1>
      </header>
      <div className="ns-preview__stage">{viewer}</div>
    </div>,
    document.body,
  );
}
