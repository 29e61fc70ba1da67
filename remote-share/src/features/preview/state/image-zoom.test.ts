import {
  canPan,
  clampScale,
  clampView,
  fitSize,
  imagePointAt,
  MAX_SCALE,
  PAN_STEP,
  panBy,
  pansAlong,
  panTowards,
  pinchPoints,
  pinchView,
  swipeDirection,
  toggleZoom,
  UNZOOMED,
  wheelScale,
  zoomAt,
  zoomFocus,
} from './image-zoom';

const base = { width: 320, height: 240 };
const stage = { width: 400, height: 300 };

describe('fitSize', () => {
  it('keeps a small image at its natural size on a large screen (never upscaled)', () => {
    expect(fitSize({ width: 320, height: 240 }, { width: 1366, height: 800 })).toEqual({
      width: 320,
      height: 240,
    });
  });

  it('shrinks a large image into the space, keeping its ratio', () => {
    expect(fitSize({ width: 4000, height: 3000 }, { width: 400, height: 600 })).toEqual({
      width: 400,
      height: 300,
    });
    expect(fitSize({ width: 1000, height: 2000 }, { width: 400, height: 500 })).toEqual({
      width: 250,
      height: 500,
    });
  });

  it('gives nothing for an image without a size', () => {
    expect(fitSize({ width: 0, height: 0 }, stage)).toEqual({ width: 0, height: 0 });
  });
});

describe('clamping', () => {
  it('keeps the scale between 1x and 4x', () => {
    expect(clampScale(0.2)).toBe(1);
    expect(clampScale(9)).toBe(MAX_SCALE);
    expect(clampScale(Number.NaN)).toBe(1);
  });

  it('keeps the zoomed image over the stage, and a smaller one centred', () => {
    // 2x: 640 x 480 over 400 x 300, so it may move 120 px sideways and 90 px up or down.
    expect(clampView({ scale: 2, x: 500, y: -500 }, base, stage)).toEqual({
      scale: 2,
      x: 120,
      y: -90,
    });
    expect(clampView({ scale: 1, x: 30, y: 30 }, base, stage)).toEqual(UNZOOMED);
  });
});

describe('zooming around a point', () => {
  it('keeps the point under the pointer where it is', () => {
    const at = { x: 100, y: 50 };
    const view = zoomAt(UNZOOMED, 2, at, base, stage);
    expect(view.scale).toBe(2);
    // The image point at (100, 50) from the centre now sits at 2 * 100 + x.
    expect(2 * 100 + view.x).toBeCloseTo(at.x);
    expect(2 * 50 + view.y).toBeCloseTo(at.y);
  });

  it('clamps the result: 4x at most, the edge no further in than the stage edge', () => {
    // 4x: 1280 x 960 over 400 x 300, so at most (1280 - 400) / 2 = 440 px off centre.
    const view = zoomAt(UNZOOMED, 10, { x: 160, y: 120 }, base, stage);
    expect(view).toEqual({ scale: 4, x: -440, y: -330 });
  });

  it('toggles 1x and 2x on a double tap', () => {
    const zoomed = toggleZoom(UNZOOMED, { x: 0, y: 0 }, base, stage);
    expect(zoomed).toEqual({ scale: 2, x: 0, y: 0 });
    expect(toggleZoom(zoomed, { x: 40, y: 40 }, base, stage)).toEqual(UNZOOMED);
  });

  it('zooms in with the wheel turned up, out turned down, within the limits', () => {
    expect(wheelScale(1, -100)).toBeGreaterThan(1.2);
    expect(wheelScale(2, 100)).toBeLessThan(2);
    expect(wheelScale(1, 100)).toBe(1);
    expect(wheelScale(4, -100)).toBe(4);
    // A huge trackpad delta is one notch, not a jump to the limit.
    expect(wheelScale(1, -5000)).toBe(wheelScale(1, -100));
  });

  it('pans within the limits', () => {
    expect(panBy({ scale: 2, x: 0, y: 0 }, { x: 50, y: -500 }, base, stage)).toEqual({
      scale: 2,
      x: 50,
      y: -90,
    });
    expect(panBy(UNZOOMED, { x: 50, y: 50 }, base, stage)).toEqual(UNZOOMED);
  });
});

describe('pinching', () => {
  it('scales with the fingers apart and follows their centre', () => {
    const start = pinchPoints({ x: -50, y: 0 }, { x: 50, y: 0 });
    expect(start).toEqual({ centre: { x: 0, y: 0 }, distance: 100 });
    const now = pinchPoints({ x: -90, y: 10 }, { x: 110, y: 10 });
    expect(pinchView(UNZOOMED, start, now, base, stage)).toEqual({ scale: 2, x: 10, y: 10 });
  });

  it('never goes below 1x or above 4x', () => {
    const start = pinchPoints({ x: -50, y: 0 }, { x: 50, y: 0 });
    expect(
      pinchView(UNZOOMED, start, pinchPoints({ x: -5, y: 0 }, { x: 5, y: 0 }), base, stage),
    ).toEqual(UNZOOMED);
    const wide = pinchPoints({ x: -1000, y: 0 }, { x: 1000, y: 0 });
    expect(pinchView(UNZOOMED, start, wide, base, stage).scale).toBe(4);
  });
});

describe('swipes', () => {
  it('goes to the next image on a swipe left, the previous on a swipe right', () => {
    expect(swipeDirection({ x: -80, y: 10 }, 'ltr')).toBe('next');
    expect(swipeDirection({ x: 80, y: -10 }, 'ltr')).toBe('previous');
  });

  it('goes the other way in a right-to-left page, where the next image is at the left', () => {
    expect(swipeDirection({ x: 80, y: 10 }, 'rtl')).toBe('next');
    expect(swipeDirection({ x: -80, y: -10 }, 'rtl')).toBe('previous');
  });

  it('ignores short and mostly vertical moves', () => {
    expect(swipeDirection({ x: -30, y: 0 }, 'ltr')).toBeNull();
    expect(swipeDirection({ x: -80, y: 90 }, 'rtl')).toBeNull();
  });
});

describe('panning by keys and buttons', () => {
  // 2x: 640 x 480 over 400 x 300, so the image may move 120 px sideways and 90 px up or down.
  const zoomed = { scale: 2, x: 0, y: 0 };

  it('moves the image so that more of the chosen side shows, one step at a time', () => {
    expect(panTowards(zoomed, 'left', base, stage)).toEqual({ scale: 2, x: PAN_STEP, y: 0 });
    expect(panTowards(zoomed, 'right', base, stage)).toEqual({ scale: 2, x: -PAN_STEP, y: 0 });
    expect(panTowards(zoomed, 'up', base, stage)).toEqual({ scale: 2, x: 0, y: PAN_STEP });
    expect(panTowards(zoomed, 'down', base, stage)).toEqual({ scale: 2, x: 0, y: -PAN_STEP });
  });

  it('stops at the edge, and says which sides are left to show', () => {
    const atLeftEdge = { scale: 2, x: 120, y: 0 };
    expect(panTowards(atLeftEdge, 'left', base, stage)).toEqual(atLeftEdge);
    expect(canPan(atLeftEdge, 'left', base, stage)).toBe(false);
    expect(canPan(atLeftEdge, 'right', base, stage)).toBe(true);
    expect(canPan(UNZOOMED, 'up', base, stage)).toBe(false);
  });

  it('pans along an axis only where the zoomed image is larger than the stage', () => {
    expect(pansAlong(zoomed, 'left', base, stage)).toBe(true);
    expect(pansAlong(zoomed, 'down', base, stage)).toBe(true);
    // 1.5x: 480 x 360 over 400 x 300 overflows both ways; 1.2x: 384 x 288 neither.
    expect(pansAlong({ scale: 1.2, x: 0, y: 0 }, 'right', base, stage)).toBe(false);
    expect(pansAlong(UNZOOMED, 'up', base, stage)).toBe(false);
  });

  it('reaches every edge in a few presses at 4x', () => {
    let view = { scale: 4, x: 0, y: 0 };
    for (let press = 0; press < 20; press += 1) view = panTowards(view, 'right', base, stage);
    // 4x: 1280 px wide over 400, so the right edge is 440 px away.
    expect(view.x).toBe(-440);
  });
});

describe('the zoom focus', () => {
  it('zooms the buttons about a tapped point that is still on screen, keeping it in place', () => {
    const tapped = { x: 150, y: 100 };
    const doubled = toggleZoom(UNZOOMED, tapped, base, stage);
    const focus = imagePointAt(UNZOOMED, tapped);
    const at = zoomFocus(doubled, focus, stage);
    const further = zoomAt(doubled, doubled.scale * 1.5, at, base, stage);
    const shown = {
      x: further.x + focus.x * further.scale,
      y: further.y + focus.y * further.scale,
    };
    expect(Math.abs(shown.x)).toBeLessThanOrEqual(stage.width / 2);
    expect(Math.abs(shown.y)).toBeLessThanOrEqual(stage.height / 2);
  });

  it('falls back to the middle when there is no focus or it has left the screen', () => {
    expect(zoomFocus({ scale: 2, x: 0, y: 0 }, null, stage)).toEqual({ x: 0, y: 0 });
    expect(zoomFocus({ scale: 4, x: -440, y: 0 }, { x: -150, y: 0 }, stage)).toEqual({
      x: 0,
      y: 0,
    });
  });
});
