import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { SharedItem } from 'shared-contracts';
import { PlusIcon } from '../../../components/ui/icons';
import { useHost, useT } from '../../../lib/host-context';
import { safeMediaUrl } from '../../../lib/safe-url';
import { useLatest } from '../../../lib/use-latest';
import {
  fitSize,
  KEY_ZOOM_STEP,
  MAX_SCALE,
  MIN_SCALE,
  panBy,
  pinchPoints,
  pinchView,
  swipeDirection,
  toggleZoom,
  UNZOOMED,
  wheelScale,
  zoomAt,
  type PinchPoints,
  type Point,
  type Size,
  type ZoomView,
} from '../state/image-zoom';
import { previewEventContent } from '../state/preview-events';
import { isKeyForPreview } from './preview-keys';

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

function MinusIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** Two taps this close in time and place are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP = 30;
/** A touch that moved less than this is a tap. */
const TAP_SLOP = 10;

/** What the pointers on the image are doing. */
type Gesture =
  | { kind: 'none' }
  | { kind: 'drag'; start: Point; startView: ZoomView; startTime: number; swipe: boolean }
  | { kind: 'pinch'; start: PinchPoints; startView: ZoomView };

/**
 * The image inline, at its natural size or smaller to fit (never blown up), zoomable from 1x to
 * 4x: double tap or double click (toggles 2x around the point), the wheel over the image (or
 * ctrl+wheel anywhere, a trackpad's pinch), two-finger pinch, the zoom buttons and the + / - / 0
 * keys; a drag moves a zoomed image. At 1x a sideways swipe asks for the next or previous image.
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
  const host = useHost();
  const t = useT();
  const url = safeMediaUrl(item.download_url);
  const [failed, setFailed] = useState(url === null);
  const reported = useRef(false);
  const stageRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [available, setAvailable] = useState<Size | null>(null);
  const [view, setView] = useState<ZoomView>(UNZOOMED);
  const [gesturing, setGesturing] = useState(false);

  const report = (ok: boolean) => {
    if (reported.current) return;
    reported.current = true;
    if (ok) host.events.report('share_preview_success', previewEventContent(item));
    else {
      host.events.report('share_preview_fail', {
        ...previewEventContent(item),
        error_message: 'image error',
      });
    }
  };

  const reportRef = useLatest(report);
  useEffect(() => {
    if (url === null) reportRef.current(false);
  }, [url, reportRef]);

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
  const changeRef = useLatest(change);

  /** A point on screen, relative to the centre of the image at rest (the stage's centre). */
  const fromCentre = (clientX: number, clientY: number): Point => {
    const rect = stageRef.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return { x: clientX - (rect.left + rect.width / 2), y: clientY - (rect.top + rect.height / 2) };
  };
  const fromCentreRef = useLatest(fromCentre);

  // The wheel zooms over the image, and ctrl+wheel (a trackpad's pinch) anywhere on the stage
  // instead of zooming the page. React's wheel listener is passive: it cannot prevent that.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && event.target !== imageRef.current) return;
      event.preventDefault();
      const lines = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 33 : 1;
      const at = fromCentreRef.current(event.clientX, event.clientY);
      changeRef.current((v, b, s) =>
        zoomAt(v, wheelScale(v.scale, event.deltaY * lines), at, b, s),
      );
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [failed, changeRef, fromCentreRef]);

  // + and - zoom around the centre and 0 goes back to 1x, wherever the focus is in the preview
  // (not in a sheet opened over it); ctrl/cmd with them is the browser's own zoom.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isKeyForPreview(event, stageRef.current)) return;
      let step: number | null = null;
      if (event.key === '+' || event.key === '=') step = KEY_ZOOM_STEP;
      else if (event.key === '-') step = 1 / KEY_ZOOM_STEP;
      else if (event.key === '0') step = 0;
      if (step === null) return;
      event.preventDefault();
      const factor = step;
      changeRef.current((v, b, s) =>
        factor === 0 ? UNZOOMED : zoomAt(v, v.scale * factor, { x: 0, y: 0 }, b, s),
      );
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [changeRef]);

  // Pointer gestures: the pointers down on the stage, what they do, and the last tap (for a
  // double tap on a touch screen, where no dblclick can be relied on).
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>({ kind: 'none' });
  const lastTap = useRef<{ time: number; at: Point } | null>(null);
  /** When a touch double tap last toggled the zoom (a dblclick the browser adds is ignored). */
  const touchToggledAt = useRef(Number.NEGATIVE_INFINITY);

  const startGesture = (pointerType: string) => {
    const list = [...pointers.current.values()];
    const v = geometry.current.view;
    if (list.length >= 2 && list[0] && list[1]) {
      gesture.current = { kind: 'pinch', start: pinchPoints(list[0], list[1]), startView: v };
    } else if (list[0]) {
      gesture.current = {
        kind: 'drag',
        start: list[0],
        startView: v,
        startTime: performance.now(),
        // A mouse drag at 1x is nothing: swipes are for fingers and pens.
        swipe: v.scale === MIN_SCALE && pointerType !== 'mouse',
      };
    } else gesture.current = { kind: 'none' };
    setGesturing(gesture.current.kind !== 'none');
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if ((event.target as Element).closest('button')) return;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: it simply is not captured.
    }
    pointers.current.set(event.pointerId, fromCentre(event.clientX, event.clientY));
    startGesture(event.pointerType);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const at = fromCentre(event.clientX, event.clientY);
    pointers.current.set(event.pointerId, at);
    const current = gesture.current;
    if (current.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const now = pinchPoints(a, b);
      change((_, base, stage) => pinchView(current.startView, current.start, now, base, stage));
    } else if (current.kind === 'drag' && current.startView.scale > MIN_SCALE) {
      const delta = { x: at.x - current.start.x, y: at.y - current.start.y };
      change((_, base, stage) => panBy(current.startView, delta, base, stage));
    }
  };

  const endPointer = (event: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (!pointers.current.has(event.pointerId)) return;
    const at = fromCentre(event.clientX, event.clientY);
    pointers.current.delete(event.pointerId);
    const ended = gesture.current;
    if (ended.kind === 'drag' && !cancelled) {
      const delta = { x: at.x - ended.start.x, y: at.y - ended.start.y };
      const isTap =
        Math.hypot(delta.x, delta.y) < TAP_SLOP && performance.now() - ended.startTime < 500;
      if (ended.swipe) {
        const direction = swipeDirection(delta);
        if (direction) onSwipe?.(direction);
      }
      if (isTap && event.pointerType !== 'mouse') onTap(at);
    }
    // A pinch that loses a finger goes on as a drag of the other one.
    startGesture(event.pointerType);
  };

  const onTap = (at: Point) => {
    const now = performance.now();
    const previous = lastTap.current;
    if (
      previous &&
      now - previous.time < DOUBLE_TAP_MS &&
      Math.hypot(at.x - previous.at.x, at.y - previous.at.y) < DOUBLE_TAP_SLOP
    ) {
      lastTap.current = null;
      touchToggledAt.current = now;
      change((v, b, s) => toggleZoom(v, at, b, s));
    } else lastTap.current = { time: now, at };
  };

  const onDoubleClick = (event: ReactMouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('button')) return;
    if (performance.now() - touchToggledAt.current < 700) return;
    const at = fromCentre(event.clientX, event.clientY);
    change((v, b, s) => toggleZoom(v, at, b, s));
  };

  const zoomBy = (factor: number) =>
    change((v, b, s) => zoomAt(v, v.scale * factor, { x: 0, y: 0 }, b, s));

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
        transform: zoomed ? `translate(${view.x}px, ${view.y}px) scale(${view.scale})` : undefined,
      }
    : undefined;
  return (
    <div
      ref={stageRef}
      className={`ns-preview-image${zoomed ? ' ns-preview-image--zoomed' : ''}${
        gesturing ? ' ns-preview-image--gesture' : ''
      }`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endPointer(event, false)}
      onPointerCancel={(event) => endPointer(event, true)}
      onDoubleClick={onDoubleClick}
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
      <div className="ns-preview-image__zoom" role="group" aria-label={t('imageControls')}>
        <button
          type="button"
          className="ns-preview__tool"
          aria-label={t('zoomOut')}
          aria-disabled={!zoomed || undefined}
          onClick={() => {
            if (zoomed) zoomBy(1 / KEY_ZOOM_STEP);
          }}
        >
          <MinusIcon />
        </button>
        <output className="ns-preview-image__level" aria-live="polite">
          {t('zoomLevel', { n: Math.round(view.scale * 100) })}
        </output>
        <button
          type="button"
          className="ns-preview__tool"
          aria-label={t('zoomIn')}
          aria-disabled={view.scale >= MAX_SCALE || undefined}
          onClick={() => {
            if (view.scale < MAX_SCALE) zoomBy(KEY_ZOOM_STEP);
          }}
        >
          <PlusIcon />
        </button>
      </div>
    </div>
  );
}
