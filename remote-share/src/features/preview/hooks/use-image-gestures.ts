import {
  useEffect,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import { useLatest } from '../../../lib/use-latest';
import {
  imagePointAt,
  MIN_SCALE,
  panBy,
  panTowards,
  pinchPoints,
  pinchView,
  swipeDirection,
  toggleZoom,
  UNZOOMED,
  wheelScale,
  zoomAt,
  zoomFocus,
  type PanSide,
  type PinchPoints,
  type Point,
  type Size,
  type ZoomView,
} from '../state/image-zoom';
import { useImageKeys } from './use-image-keys';

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

/** A change of zoom computed from the current view, the image's 1x size and the stage's size. */
export type ZoomChange = (next: (view: ZoomView, base: Size, stage: Size) => ZoomView) => void;

/**
 * The image viewer's gestures: the wheel over the image (ctrl+wheel anywhere on the stage), the
 * + / - / 0 and arrow keys (use-image-keys.ts), pointer drags (a pan when zoomed, a swipe at 1x),
 * two-finger pinch, a touch double tap and a double click. It keeps the image point the visitor
 * last zoomed at, which `zoomBy` (the keys and the zoom buttons) zooms about; `pan` is the arrow
 * keys' and the pan buttons' step. `attachedTo` changes when the stage is mounted anew.
 */
export function useImageGestures({
  stageRef,
  imageRef,
  geometry,
  change,
  onSwipe,
  pageDirection,
  attachedTo,
}: {
  stageRef: RefObject<HTMLDivElement | null>;
  imageRef: RefObject<HTMLImageElement | null>;
  geometry: { readonly current: { view: ZoomView; base: Size | null; stage: Size | null } };
  change: ZoomChange;
  onSwipe: ((direction: 'next' | 'previous') => void) | undefined;
  /** The page's writing direction: which way a swipe goes to the next image. */
  pageDirection: 'ltr' | 'rtl';
  attachedTo: unknown;
}) {
  const changeRef = useLatest(change);
  /** The image point last zoomed at (relative to its centre at 1x), or null for the middle. */
  const focus = useRef<Point | null>(null);

  /** Zooms by `factor` about the focus point, while it is on screen. */
  const zoomBy = (factor: number) =>
    change((v, b, s) => zoomAt(v, v.scale * factor, zoomFocus(v, focus.current, s), b, s));
  /** One step towards `side`: the visitor's attention moved, the focus is the middle again. */
  const pan = (side: PanSide) => {
    focus.current = null;
    change((v, b, s) => panTowards(v, side, b, s));
  };
  /** Back to 1x, the focus the middle again. */
  const reset = () => {
    focus.current = null;
    change(() => UNZOOMED);
  };
  const actions = useLatest({ zoomBy, pan, reset });
  const [gesturing, setGesturing] = useState(false);

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
      focus.current = imagePointAt(geometry.current.view, at);
      changeRef.current((v, b, s) =>
        zoomAt(v, wheelScale(v.scale, event.deltaY * lines), at, b, s),
      );
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [attachedTo, changeRef, fromCentreRef, stageRef, imageRef, geometry]);

  useImageKeys(stageRef, geometry, actions);

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
      const start = pinchPoints(list[0], list[1]);
      focus.current = imagePointAt(v, start.centre);
      gesture.current = { kind: 'pinch', start, startView: v };
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
      if (Math.hypot(delta.x, delta.y) >= TAP_SLOP) focus.current = null;
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
        const direction = swipeDirection(delta, pageDirection);
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
      toggleAt(at);
    } else lastTap.current = { time: now, at };
  };

  const onDoubleClick = (event: ReactMouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('button')) return;
    if (performance.now() - touchToggledAt.current < 700) return;
    toggleAt(fromCentre(event.clientX, event.clientY));
  };

  /** A double tap or click: 2x about the point (kept as the focus), or back to 1x. */
  const toggleAt = (at: Point) => {
    const v = geometry.current.view;
    focus.current = v.scale > MIN_SCALE ? null : imagePointAt(v, at);
    change((current, b, s) => toggleZoom(current, at, b, s));
  };

  return {
    gesturing,
    zoomBy,
    pan,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: ReactPointerEvent<HTMLDivElement>) => endPointer(event, false),
      onPointerCancel: (event: ReactPointerEvent<HTMLDivElement>) => endPointer(event, true),
      onDoubleClick,
    },
  };
}
