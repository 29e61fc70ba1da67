import { remoteOfPage, shareCodeOfPage } from './pages';

describe('remoteOfPage', () => {
  it('is the invite remote on /invite and the share viewer everywhere else', () => {
    expect(remoteOfPage('/invite')).toBe('invite');
    expect(remoteOfPage('/invite/')).toBe('invite');
    expect(remoteOfPage('/s/demo-public')).toBe('share');
    expect(remoteOfPage('/')).toBe('share');
    expect(remoteOfPage('/no/such/page')).toBe('share');
  });
});

describe('shareCodeOfPage', () => {
  it('reads the code of /s/{code} and nothing else', () => {
    expect(shareCodeOfPage('/s/demo-public')).toBe('demo-public');
    expect(shareCodeOfPage('/s/demo-public/')).toBe('demo-public');
    expect(shareCodeOfPage('/s/a%20b')).toBe('a b');
    expect(shareCodeOfPage('/s/%E0%A4%A')).toBeNull();
    expect(shareCodeOfPage('/s/')).toBeNull();
    expect(shareCodeOfPage('/s/a/b')).toBeNull();
    expect(shareCodeOfPage('/invite')).toBeNull();
  });
});
