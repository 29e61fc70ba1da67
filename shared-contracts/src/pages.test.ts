import { firstScreenPlatform, remoteOfPage } from './pages';

describe('remoteOfPage', () => {
  it('is the invite remote on /invite and the share viewer everywhere else', () => {
    expect(remoteOfPage('/invite')).toBe('invite');
    expect(remoteOfPage('/invite/')).toBe('invite');
    expect(remoteOfPage('/s/demo-public')).toBe('share');
    expect(remoteOfPage('/')).toBe('share');
    expect(remoteOfPage('/no/such/page')).toBe('share');
  });
});

describe('firstScreenPlatform', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', 'android'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 'ios'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 'ios'],
    ['Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0', 'mobile'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36', 'other'],
    ['', 'other'],
  ])('%s is %s', (userAgent, platform) => {
    expect(firstScreenPlatform(userAgent)).toBe(platform);
  });
});
