import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { MediaType, type SharedItem } from 'shared-contracts';
import { useFocusTrap, useScrollLock } from 'ui-kit';
import { BackIcon, ChevronForwardIcon } from '../../../components/ui/icons';
import { TypedName } from '../../../components/ui/name-in-text';
import { useDirection, useTexts } from '../../../lib/host-context';
import { usePageTitle } from '../../../lib/page-title';
import { safeMediaUrl } from '../../../lib/safe-url';
import { useLatest } from '../../../lib/use-latest';
import { usePreviewHistory } from '../hooks/use-preview-history';
import { previewKindOf } from '../state/preview-events';
import { ImageViewer } from './image-viewer';
import { MediaPlayer } from './media-player';
import { PdfViewer } from './pdf-viewer';
import { isKeyForPreview } from './preview-keys';
import { TextViewer } from './text-viewer';
import './preview.css';

export interface PreviewScreenProps {
  item: SharedItem;
  /** Closes the preview (the caller drops the item). */
  onClose(): void;
  /** Opens it again: browser Forward after Back closed it. */
  onReopen?(): void;
  /** Starts the save flow for this one file (the overlay at the preview limit). */
  onSave(fileId: number): void;
  /** False on the sharer's own share. */
  canSave: boolean;
  /** The folder's items as listed: an image preview moves between its images. */
  items?: readonly SharedItem[];
}

/** Asks the browser for an image ahead of time, so the next one shows at once. */
function preloadImage(item: SharedItem | undefined): void {
  const url = item ? safeMediaUrl(item.download_url) : null;
  if (url === null || typeof Image === 'undefined') return;
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
}

/**
 * The full-screen preview: a back bar with the file name and a close button over the viewer of
 * the file's type. While it is open the page title is the file name; browser Back and Escape
 * close it, and the focus returns to where it was (the file's row). An image preview steps
 * through the folder's images: the buttons at its sides, ArrowLeft / ArrowRight and a swipe (the
 * next image is at the line's end: at the left in a right-to-left page); the heading, the page
 * title and the position ('3 / 12') follow the image shown.
 */
export function PreviewScreen({
  item: opened,
  onClose,
  onReopen,
  onSave,
  canSave,
  items,
}: PreviewScreenProps) {
  const t = useTexts();
  const pageDirection = useDirection();
  const rootRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useLatest(onClose);
  // An image preview shows one of the folder's images at a time, starting with the one opened.
  const [item, setItem] = useState<SharedItem>(opened);
  const images = useMemo(
    () =>
      opened.media_type === MediaType.Image
        ? (items ?? []).filter(
            (entry) => entry.is_folder !== 1 && entry.media_type === MediaType.Image,
          )
        : [],
    [items, opened.media_type],
  );
  const index = images.findIndex((entry) => entry.id === item.id);
  const previous = index > 0 ? images[index - 1] : undefined;
  const next = index >= 0 ? images[index + 1] : undefined;
  const showImage = (target: SharedItem | undefined) => {
    if (target) setItem(target);
  };

  usePreviewHistory(onClose, onReopen);

  // The page title follows the image shown, and goes back to the folder's on close.
  usePageTitle('preview', item.name);

  useEffect(() => {
    preloadImage(next);
    preloadImage(previous);
  }, [next, previous]);

  // ArrowLeft / ArrowRight step through the images, also after a click on the image has left
  // the focus on the page's body: the arrow that points at the line's end goes to the next one.
  const step = useLatest({ previous, next });
  useEffect(() => {
    if (index < 0) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const left = event.key === 'ArrowLeft';
      const right = event.key === 'ArrowRight';
      if ((!left && !right) || !isKeyForPreview(event, rootRef.current)) return;
      const towardsEnd = pageDirection === 'rtl' ? left : right;
      const target = towardsEnd ? step.current.next : step.current.previous;
      if (!target) return;
      event.preventDefault();
      setItem(target);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, step, pageDirection]);

  // Focus moves in (to the close button) and back to the row on close; Tab stays inside; the
  // page behind does not scroll. The trap stack is page-wide, so a login sheet opened on top
  // takes the keys until it closes. Escape during the video's own fullscreen is the browser's.
  const closeFromKeyboard = useCallback(() => {
    if (!document.fullscreenElement) onCloseRef.current();
  }, [onCloseRef]);
  useFocusTrap(rootRef, true, closeFromKeyboard, { initial: 'first' });
  useScrollLock(true);

  const kind = previewKindOf(item);
  let viewer = null;
  if (kind === 'image') {
    // Keyed by the image: the next one starts unzoomed, and reports its own load.
    viewer = (
      <ImageViewer
        key={item.id}
        item={item}
        onSwipe={(direction) => showImage(direction === 'next' ? next : previous)}
      />
    );
  } else if (kind === 'video' || kind === 'audio') {
    viewer = <MediaPlayer item={item} kind={kind} canSave={canSave} onSave={onSave} />;
  } else if (kind === 'pdf') {
    viewer = <PdfViewer item={item} />;
  } else if (kind === 'text') {
    viewer = <TextViewer item={item} />;
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
        <h2 className="ns-preview__name">
          <TypedName name={item.name} />
        </h2>
        {index >= 0 && images.length > 1 ? (
          <p className="ns-preview__position" aria-live="polite" aria-atomic="true">
            <span aria-hidden="true">
              {t('imagePosition', { n: index + 1, total: images.length })}
            </span>
            <span className="uk-visually-hidden">
              {t('imagePositionLabel', { n: index + 1, total: images.length })}
            </span>
          </p>
        ) : null}
      </div>
      <div className="ns-preview__stage">
        {viewer}
        {index >= 0 && images.length > 1 ? (
          <>
            <StepButton
              direction="previous"
              label={t('previousImage')}
              target={previous}
              onStep={showImage}
            />
            <StepButton direction="next" label={t('nextImage')} target={next} onStep={showImage} />
          </>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}

/**
 * Previous or next image. At either end it stays in place and focusable, marked unavailable
 * (a disabled button would drop the focus of whoever just pressed it).
 */
function StepButton({
  direction,
  label,
  target,
  onStep,
}: {
  direction: 'previous' | 'next';
  label: string;
  target: SharedItem | undefined;
  onStep(target: SharedItem | undefined): void;
}) {
  return (
    <button
      type="button"
      className={`ns-preview__step ns-preview__step--${direction}`}
      aria-label={label}
      aria-disabled={target ? undefined : true}
      onClick={() => onStep(target)}
    >
      {direction === 'next' ? <ChevronForwardIcon size={24} /> : <BackIcon />}
    </button>
  );
}
