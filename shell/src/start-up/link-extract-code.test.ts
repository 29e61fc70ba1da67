import { takeLinkExtractCode } from './link-extract-code';

/** The page's address in jsdom, as a visitor opened it. */
function open(address: string) {
  window.history.replaceState({ opened: true }, '', address);
}

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

describe("the share link's extract code, read as the page starts", () => {
  afterEach(() => open('/'));

  it('takes ?pwd= out of the address at once, in place, and hands it on for that share', () => {
    open('/s/demo-private?pwd=ab12');
    const lengthBefore = window.history.length;
    expect(takeLinkExtractCode(window)).toEqual({ shareCode: 'demo-private', code: 'ab12' });
    expect(here()).toBe('/s/demo-private');
    // The entry is replaced, not added to: Back never comes to the address with the code.
    expect(window.history.length).toBe(lengthBefore);
    expect(window.history.state).toEqual({ opened: true });
  });

  it('keeps the other parameters and the hash', () => {
    open('/s/demo-private?from=chat&pwd=ab12#files');
    expect(takeLinkExtractCode(window)).toEqual({ shareCode: 'demo-private', code: 'ab12' });
    expect(here()).toBe('/s/demo-private?from=chat#files');
  });

  it('hands the code on as the link spelled it (the viewer trims it like a paste)', () => {
    open('/s/demo-private?pwd=%20AB12');
    expect(takeLinkExtractCode(window)).toEqual({ shareCode: 'demo-private', code: ' AB12' });
  });

  it('removes an empty code without handing anything on', () => {
    open('/s/demo-public?pwd=');
    expect(takeLinkExtractCode(window)).toBeNull();
    expect(here()).toBe('/s/demo-public');
  });

  it('removes the code from a folder address below a share too', () => {
    open('/s/demo-private/12?pwd=ab12');
    expect(takeLinkExtractCode(window)).toEqual({ shareCode: 'demo-private', code: 'ab12' });
    expect(here()).toBe('/s/demo-private/12');
  });

  it('leaves the address of other pages and of links without a code alone', () => {
    for (const address of ['/invite?pwd=ab12', '/?pwd=ab12', '/s/demo-private?a=1#pwd=x']) {
      open(address);
      expect(takeLinkExtractCode(window)).toBeNull();
      expect(here()).toBe(address);
    }
  });
});
