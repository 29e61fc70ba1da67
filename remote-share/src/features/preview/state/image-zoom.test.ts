import {
  clampScale,
  clampView,
  fitSize,
  MAX_SCALE,
  panBy,
  pinchPoints,
  pinchView,
  swipeDirection,
  toggleZoom,
  UNZOOMED,
  wheelScale,
  zoomAt,
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
