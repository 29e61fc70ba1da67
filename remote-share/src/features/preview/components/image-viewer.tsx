import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { SharedItem } from 'shared-contracts';
import { useDirection, useTexts } from '../../../lib/host-context';
import { safeMediaUrl } from '../../../lib/safe-url';
import { useLatest } from '../../../lib/use-latest';
import {
  canPan,
  fitSize,
  KEY_ZOOM_STEP,
  MIN_SCALE,
  UNZOOMED,
  type Size,
  type ZoomView,
} from '../state/image-zoom';
import { useImageGestures } from '../hooks/use-image-gestures';
import { usePreviewReport } from '../hooks/use-preview-report';
import { ImageControls } from './image-controls';

/** A failed image in the field data. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- field data, in English
const IMAGE_FAILURE = 'image error';

/** The placeholder shown when the image cannot be loaded (inline: nothing more to fetch). */
export function ImageErrorFallback({ label }: { label: string }) {
  return (
    <figure className="ns-preview-image-error">
      <svg
        role="img"
        aria-label={label}
        width="120"
        height="96"
        viewBox="0 0 120 96"
        focusable="false"
      >
        <rect x="4" y="4" width="112" height="88" rx="10" fill="#1e293b" stroke="#475569" />
        <circle cx="38" cy="32" r="9" fill="#475569" />
        <path d="M12 80l28-30 18 18 16-14 34 26z" fill="#334155" />
        <circle cx="92" cy="26" r="14" fill="#ef4444" />
        <path d="M86 20l12 12M98 20L86 32" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <figcaption aria-hidden="true">{label}</figcaption>
    </figure>
  );
}

/**
 * The image inline, at its natural size or smaller to fit (never blown up), zoomable from 1x to
 * 4x: double tap or double click (toggles 2x around the point), the wheel over the image (or
 * ctrl+wheel anywhere, a trackpad's pinch), two-finger pinch, the zoom buttons and the + / - / 0
 * keys (about the point last zoomed at); a drag, the arrow keys or the pan buttons move a zoomed
 * image. At 1x a sideways swipe asks for the next or previous image.
 * A failed load (or a URL that is not http(s)) shows the placeholder and reports 'image error';
 * a loaded image reports success.
 */
export function ImageViewer({
  item,
  onSwipe,
}: {
  item: SharedItem;
  /** A swipe at 1x: the preview shows the folder's next or previous image. */
  onSwipe?(direction: 'next' | 'previous'): void;
}) {
  const t = useTexts();
  const pageDirection = useDirection();
  const url = safeMediaUrl(item.download_url);
  const [failed, setFailed] = useState(url === null);
  const stageRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [available, setAvailable] = useState<Size | null>(null);
  const [view, setView] = useState<ZoomView>(UNZOOMED);

  const report = usePreviewReport(item, IMAGE_FAILURE);
  useEffect(() => {
    if (url === null) report(false);
  }, [url, report]);

  // The space the image may take, followed as the window turns or resizes.
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const measure = () => {
      const { clientWidth: width, clientHeight: height } = stage;
      setAvailable((previous) =>
        previous && previous.width === width && previous.height === height
          ? previous
          : { width, height },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [failed]);

  // Until both sizes are known (and where nothing is laid out) CSS caps the image at its
  // natural size and the stage; after, its 1x size is explicit, which the zoom maths needs.
  const base =
    natural && available && available.width > 0 && available.height > 0
      ? fitSize(natural, available)
      : null;
  const geometry = useLatest({ base, stage: available, view });

  /** Applies a change of zoom computed from the current view and sizes. */
  const change = (next: (view: ZoomView, base: Size, stage: Size) => ZoomView) => {
    const { base: b, stage: s, view: v } = geometry.current;
    if (b && s) setView(next(v, b, s));
  };

  const { gesturing, handlers, zoomBy, pan } = useImageGestures({
    stageRef,
    imageRef,
    geometry,
    change,
    onSwipe,
    pageDirection,
    attachedTo: failed,
  });

  if (failed || url === null) {
    return (
      <div className="ns-preview-image">
        <ImageErrorFallback label={t('imageError')} />
      </div>
    );
  }

  const zoomed = view.scale > MIN_SCALE;
  const imageStyle: CSSProperties | undefined = base
    ? {
        width: `${base.width}px`,
        height: `${base.height}px`,
        // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS value
        transform: zoomed ? `translate(${view.x}px, ${view.y}px) scale(${view.scale})` : undefined,
      }
    : undefined;
  return (
    <div
      ref={stageRef}
      className={`ns-preview-image${zoomed ? ' ns-preview-image--zoomed' : ''}${
        gesturing ? ' ns-preview-image--gesture' : ''
      }`}
      {...handlers}
    >
      <img
        ref={imageRef}
        className="ns-preview-image__img"
        src={url}
        alt={item.name}
        decoding="async"
        draggable={false}
        style={imageStyle}
        data-zoom={view.scale.toFixed(2)}
        onLoad={(event) => {
          const { naturalWidth, naturalHeight } = event.currentTarget;
          if (naturalWidth > 0 && naturalHeight > 0)
            setNatural({ width: naturalWidth, height: naturalHeight });
          report(true);
        }}
        onError={() => {
          setFailed(true);
          report(false);
        }}
      />
      <ImageControls
        view={view}
        canPanTo={(side) => (base && available ? canPan(view, side, base, available) : false)}
        onZoom={(direction) => zoomBy(direction === 'in' ? KEY_ZOOM_STEP : 1 / KEY_ZOOM_STEP)}
        onPan={pan}
      />
    </div>
  );
}
