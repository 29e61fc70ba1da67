import { remoteOfPage } from './pages';

describe('remoteOfPage', () => {
  it('is the invite remote on /invite and the share viewer everywhere else', () => {
    expect(remoteOfPage('/invite')).toBe('invite');
    expect(remoteOfPage('/invite/')).toBe('invite');
    expect(remoteOfPage('/s/demo-public')).toBe('share');
    expect(remoteOfPage('/')).toBe('share');
    expect(remoteOfPage('/no/such/page')).toBe('share');
  });
});
