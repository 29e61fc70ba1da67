import { takeExtractCodeOfAddress } from './link-extract-code';

describe('the code a share link carries (?pwd=)', () => {
  it('takes the code and leaves the path', () => {
    expect(takeExtractCodeOfAddress('/s/demo-private?pwd=ab12')).toEqual({
      code: 'ab12',
      address: '/s/demo-private',
    });
  });

  it('keeps the other parameters as they were spelled, in their order, and the hash', () => {
    expect(takeExtractCodeOfAddress('/s/x?from=chat&pwd=ab12&q=a%20b+c&flag#files')).toEqual({
      code: 'ab12',
      address: '/s/x?from=chat&q=a%20b+c&flag#files',
    });
  });

  it('decodes the code, and removes every pwd parameter but uses the first', () => {
    expect(takeExtractCodeOfAddress('/s/x?pwd=+ab%312&pwd=zzzz')).toEqual({
      code: ' ab12',
      address: '/s/x',
    });
  });

  it('reads an empty or value-less pwd as an empty code, and removes it', () => {
    expect(takeExtractCodeOfAddress('/s/x?pwd=&a=1')).toEqual({ code: '', address: '/s/x?a=1' });
    expect(takeExtractCodeOfAddress('/s/x?pwd')).toEqual({ code: '', address: '/s/x' });
  });

  it('keeps a malformed code as it is', () => {
    expect(takeExtractCodeOfAddress('/s/x?pwd=%E0%A4%A')).toEqual({
      code: '%E0%A4%A',
      address: '/s/x',
    });
  });

  it('leaves an address without a code alone', () => {
    for (const address of ['/s/x', '/s/x?a=1#pwd=ab12', '/s/x?password=ab12', '/s/x#h']) {
      expect(takeExtractCodeOfAddress(address)).toEqual({ code: null, address });
    }
  });

  it('works on an absolute URL', () => {
    expect(takeExtractCodeOfAddress('https://share.example.com/s/x?pwd=ab12#top')).toEqual({
      code: 'ab12',
      address: 'https://share.example.com/s/x#top',
    });
  });
});
