/**
 * The image viewer's geometry, kept apart from React and the DOM so it can be tested alone.
 *
 * The image is laid out centred in the stage at its fitted size (`fitSize`); a zoom is a CSS
 * `translate(x, y) scale(scale)` around the image's centre. Points are given relative to that
 * centre (the untransformed box's), in CSS pixels.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The zoom of the image: its scale and the offset of its centre. */
export interface ZoomView {
  scale: number;
  x: number;
  y: number;
}

export const MIN_SCALE = 1;
export const MAX_SCALE = 4;
/** A double tap or double click toggles between 1x and this. */
export const DOUBLE_TAP_SCALE = 2;
/** One +/- key press. */
export const KEY_ZOOM_STEP = 1.5;

export const UNZOOMED: ZoomView = { scale: 1, x: 0, y: 0 };

/**
 * The image's size at 1x: its natural size, made smaller (keeping its ratio) when that does not
 * fit the space available, never larger, so a small image stays sharp.
 */
export function fitSize(natural: Size, available: Size): Size {
  if (natural.width <= 0 || natural.height <= 0) return { width: 0, height: 0 };
  const ratio = Math.min(
    1,
    Math.max(0, available.width) / natural.width,
    Math.max(0, available.height) / natural.height,
  );
  return { width: natural.width * ratio, height: natural.height * ratio };
}

export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return MIN_SCALE;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/**
 * Keeps the zoomed image over the stage: an image larger than the stage may move until its edge
 * meets the stage's edge, a smaller one stays centred. At 1x the offset is always zero.
 */
export function clampView(view: ZoomView, base: Size, stage: Size): ZoomView {
  const scale = clampScale(view.scale);
  const limitX = Math.max(0, (base.width * scale - stage.width) / 2);
  const limitY = Math.max(0, (base.height * scale - stage.height) / 2);
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value)) || 0;
  return { scale, x: clamp(view.x, limitX), y: clamp(view.y, limitY) };
}

/**
 * Zooms to `scale` keeping the image's point under `at` where it is (the pointer, the pinch's
 * centre), then clamps.
 */
export function zoomAt(
  view: ZoomView,
  scale: number,
  at: Point,
  base: Size,
  stage: Size,
): ZoomView {
  const next = clampScale(scale);
  const factor = next / view.scale;
  return clampView(
    { scale: next, x: at.x - (at.x - view.x) * factor, y: at.y - (at.y - view.y) * factor },
    base,
    stage,
  );
}

/** A double tap: back to 1x when zoomed, else 2x around the tapped point. */
export function toggleZoom(view: ZoomView, at: Point, base: Size, stage: Size): ZoomView {
  if (view.scale > MIN_SCALE) return UNZOOMED;
  return zoomAt(view, DOUBLE_TAP_SCALE, at, base, stage);
}

/**
 * The scale after a wheel turn: smooth for trackpads (small deltas), about 1.25x a mouse notch
 * (deltaY 100). Wheeling up (negative) zooms in.
 */
export function wheelScale(scale: number, deltaY: number): number {
  const delta = Math.max(-100, Math.min(100, deltaY));
  return clampScale(scale * Math.exp(-delta * 0.00225));
}

/** Moves the zoomed image by a drag's `delta`. */
export function panBy(view: ZoomView, delta: Point, base: Size, stage: Size): ZoomView {
  return clampView({ ...view, x: view.x + delta.x, y: view.y + delta.y }, base, stage);
}

/** Where two fingers are: their centre and distance apart. */
export interface PinchPoints {
  centre: Point;
  distance: number;
}

export function pinchPoints(a: Point, b: Point): PinchPoints {
  return {
    centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
    distance: Math.hypot(a.x - b.x, a.y - b.y),
  };
}

/**
 * A pinch from `start` (the view and fingers when the second finger came down) to `now`: the
 * scale follows the fingers' distance around where they started, and the image follows their
 * centre as it moves.
 */
export function pinchView(
  startView: ZoomView,
  start: PinchPoints,
  now: PinchPoints,
  base: Size,
  stage: Size,
): ZoomView {
  if (start.distance <= 0) return startView;
  const zoomed = zoomAt(
    startView,
    startView.scale * (now.distance / start.distance),
    start.centre,
    base,
    stage,
  );
  return panBy(
    zoomed,
    { x: now.centre.x - start.centre.x, y: now.centre.y - start.centre.y },
    base,
    stage,
  );
}

/** How far a finger must travel sideways, mostly sideways, to be a swipe to the next image. */
export const SWIPE_DISTANCE = 50;

/**
 * A finger lifted after moving by `delta`: a swipe towards the line's start (left, or right in a
 * right-to-left page) brings the next image in from its end, the other way the previous one; a
 * mostly vertical move is nobody's swipe (the browser's).
 */
export function swipeDirection(
  delta: Point,
  pageDirection: 'ltr' | 'rtl',
): 'next' | 'previous' | null {
  if (Math.abs(delta.x) < SWIPE_DISTANCE) return null;
  if (Math.abs(delta.x) < Math.abs(delta.y) * 1.5) return null;
  const towardsStart = pageDirection === 'rtl' ? delta.x > 0 : delta.x < 0;
  return towardsStart ? 'next' : 'previous';
}

/** Which part of a zoomed image a pan brings into view. */
export type PanSide = 'left' | 'right' | 'up' | 'down';

/** The arrow keys that pan a zoomed image (physical directions, in either writing direction). */
export const PAN_KEYS: Readonly<Partial<Record<string, PanSide>>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/** One arrow key or pan button press, in CSS pixels. */
export const PAN_STEP = 60;

/** Moves the zoomed image one step so that more of its `side` shows. */
export function panTowards(view: ZoomView, side: PanSide, base: Size, stage: Size): ZoomView {
  const delta: Point = {
    x: side === 'left' ? PAN_STEP : side === 'right' ? -PAN_STEP : 0,
    y: side === 'up' ? PAN_STEP : side === 'down' ? -PAN_STEP : 0,
  };
  return panBy(view, delta, base, stage);
}

/** Whether the image can still move to show more of `side` (its edge is not yet in view). */
export function canPan(view: ZoomView, side: PanSide, base: Size, stage: Size): boolean {
  const moved = panTowards(view, side, base, stage);
  return moved.x !== view.x || moved.y !== view.y;
}

/**
 * Whether the zoomed image is larger than the stage along the axis of `side`, so that an arrow
 * key on that axis pans it (at its edge, to no effect) instead of stepping to another image.
 */
export function pansAlong(view: ZoomView, side: PanSide, base: Size, stage: Size): boolean {
  const horizontal = side === 'left' || side === 'right';
  return horizontal
    ? base.width * view.scale > stage.width + 0.5
    : base.height * view.scale > stage.height + 0.5;
}

/** The point of the image at 1x (relative to its centre) that is shown at `at` on screen. */
export function imagePointAt(view: ZoomView, at: Point): Point {
  return { x: (at.x - view.x) / view.scale, y: (at.y - view.y) / view.scale };
}

/**
 * Where a zoom button or key zooms about: the image point the visitor last zoomed at (a double
 * tap, the wheel, a pinch) while it is still on screen, else the middle of the stage. Zooming
 * in about it keeps it where it is, so a tapped detail never leaves the screen.
 */
export function zoomFocus(view: ZoomView, focus: Point | null, stage: Size): Point {
  if (!focus) return { x: 0, y: 0 };
  const at = { x: view.x + focus.x * view.scale, y: view.y + focus.y * view.scale };
  const inside = Math.abs(at.x) <= stage.width / 2 && Math.abs(at.y) <= stage.height / 2;
  return inside ? at : { x: 0, y: 0 };
}
