import { detectPlatform, createPlatformState } from './platform';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36';

describe('platform', () => {
  it.each([
    [ANDROID, 1200, 'android'],
    [IPHONE, 390, 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 1024, 'ios'],
    [DESKTOP, 756, 'mobile'],
    [DESKTOP, 757, 'other'],
    [DESKTOP, 1440, 'other'],
  ])('%s at %i px is %s', (ua, width, expected) => {
    expect(detectPlatform(ua, width)).toBe(expected);
  });

  it('updates on resize', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1200 });
    const { state, dispose } = createPlatformState(window);
    expect(state.platform).toBe('other');
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 500 });
    window.dispatchEvent(new Event('resize'));
    expect(state.platform).toBe('mobile');
    dispose();
  });
});
