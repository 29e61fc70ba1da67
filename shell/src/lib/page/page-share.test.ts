import { pageShareOf, shareAddressOf } from './page-share';

const at = (path: string, search = '') => ({
  origin: 'https://nimbus.example',
  pathname: path,
  search,
});

describe("a page's share", () => {
  it('is the share page and its open folder', () => {
    expect(pageShareOf(at('/s/demo-public'))).toEqual({ code: 'demo-public', folderId: null });
    expect(pageShareOf(at('/s/demo-public/', '?sort=size&folder=12'))).toEqual({
      code: 'demo-public',
      folderId: 12,
    });
    expect(pageShareOf(at('/'))).toBeNull();
    expect(pageShareOf(at('/invite', '?folder=3'))).toBeNull();
  });

  it("gives a phone the share's address and open folder, nothing else of the query", () => {
    expect(shareAddressOf(at('/s/demo-public'))).toBe('https://nimbus.example/s/demo-public');
    expect(shareAddressOf(at('/s/demo-public/', '?folder=12&sort=size&q=beach'))).toBe(
      'https://nimbus.example/s/demo-public?folder=12',
    );
    // Never the extract code: a code on a screen is anyone's who sees the screen.
    expect(shareAddressOf(at('/s/demo-private', '?pwd=ab12'))).toBe(
      'https://nimbus.example/s/demo-private',
    );
    expect(shareAddressOf(at('/'))).toBeNull();
  });
});
