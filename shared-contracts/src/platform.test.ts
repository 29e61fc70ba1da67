import { platformOf } from './platform';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36';

describe('platformOf from a user agent alone (a server without Client Hints)', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', 'android'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 'ios'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 'ios'],
    ['Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0', 'mobile'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36', 'other'],
    ['', 'other'],
  ])('%s is %s', (userAgent, platform) => {
    expect(platformOf({ userAgent })).toBe(platform);
  });
});

describe('platformOf', () => {
  it('takes the user agent first, then the Client Hints', () => {
    expect(platformOf({ userAgent: IPHONE, platformHint: '"Android"' })).toBe('ios');
    expect(platformOf({ userAgent: '', platformHint: '"Android"', mobileHint: '?1' })).toBe(
      'android',
    );
    expect(platformOf({ userAgent: '', platformHint: ' "iOS" ' })).toBe('ios');
    expect(platformOf({ userAgent: '', platformHint: '"Linux"', mobileHint: '?1' })).toBe('mobile');
    expect(platformOf({ userAgent: '', platformHint: '"Windows"', mobileHint: '?0' })).toBe(
      'other',
    );
  });

  it("lets the window's width decide between a phone's browser and a PC where it is known", () => {
    expect(platformOf({ userAgent: ANDROID, width: 1280 })).toBe('android');
    expect(platformOf({ userAgent: DESKTOP, width: 756 })).toBe('mobile');
    expect(platformOf({ userAgent: DESKTOP, width: 757 })).toBe('other');
    // The width outranks "Mobi" and the mobile hint: the browser knows its window.
    expect(platformOf({ userAgent: 'Something Mobile', mobileHint: '?1', width: 1024 })).toBe(
      'other',
    );
  });
});
