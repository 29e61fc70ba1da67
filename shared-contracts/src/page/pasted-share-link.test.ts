import { shareLinkOfText, sharePagePath } from './pasted-share-link';

/** The site the home page is on. */
const SITE = 'nimbus.example';

describe('shareLinkOfText', () => {
  it.each([
    ['demo-public', 'demo-public', null],
    ['  demo-public\n', 'demo-public', null],
    ['\u200Bdemo-public\u200B', 'demo-public', null],
    ['Link:\u200Bhttps://nimbus.example/s/demo-private\u200BCode: ab12', 'demo-private', 'ab12'],
    ['/s/demo-public', 'demo-public', null],
    ['https://nimbus.example/s/demo-public', 'demo-public', null],
    ['https://nimbus.example:8443/s/demo-private?pwd=ab12', 'demo-private', 'ab12'],
    ['HTTPS://NIMBUS.EXAMPLE/s/demo-public', 'demo-public', null],
    ['https://nimbus.example/s/demo-private/?pwd=AB12#files', 'demo-private', 'AB12'],
    ['https://nimbus.example/s/demo-private?pwd=%20ab12%20', 'demo-private', 'ab12'],
    ['nimbus.example/s/demo-public', 'demo-public', null],
    ['https://nimbus.example/share?code=demo-public', 'demo-public', null],
    // A folder's link opens its share.
    ['https://nimbus.example/s/demo-public?folder=12', 'demo-public', null],
    // Chat messages.
    ['Link: https://nimbus.example/s/demo-private Extract code: ab12', 'demo-private', 'ab12'],
    ['Link: https://nimbus.example/s/demo-private ... code: AB12', 'demo-private', 'AB12'],
    ['Extract code: ab12\nLink: https://nimbus.example/s/demo-private', 'demo-private', 'ab12'],
    ['Link:https://nimbus.example/s/demo-private Password: ab12', 'demo-private', 'ab12'],
    ['Files for you (https://nimbus.example/s/demo-public).', 'demo-public', null],
    ['<https://nimbus.example/s/demo-private>, the code is ab12.', 'demo-private', 'ab12'],
    ['Open https://nimbus.example/s/demo-private with pwd=ab12', 'demo-private', 'ab12'],
    ['链接：https://nimbus.example/s/demo-private 提取码：ab12', 'demo-private', 'ab12'],
    ['链接：https://nimbus.example/s/demo-private，提取码：ab12', 'demo-private', 'ab12'],
    ['链接：nimbus.example/s/demo-private 提取码：ab12', 'demo-private', 'ab12'],
    // Another site's link is passed over for this site's.
    ['https://other.example/s/x or https://nimbus.example/s/demo-public', 'demo-public', null],
    // The link's own code wins over a label; a label that is not a code is left out.
    ['https://nimbus.example/s/demo-private?pwd=ab12 code: zz99', 'demo-private', 'ab12'],
    ['https://nimbus.example/s/demo-public see the barcode 1234', 'demo-public', null],
    ['https://nimbus.example/s/demo-public code: ab123', 'demo-public', null],
    // An old link's `?code=` is the share's code, not an extract code.
    ['https://nimbus.example/share?code=demo-public now', 'demo-public', null],
    // A `pwd` that is no extract code is left for the visitor to type.
    ['https://nimbus.example/s/demo-private?pwd=abc', 'demo-private', null],
  ])('%j names %s with the extract code %s', (text, code, extractCode) => {
    expect(shareLinkOfText(text, SITE)).toEqual({ code, extractCode });
  });

  it.each([
    '',
    '   ',
    'not a link at all',
    'Extract code: ab12',
    'https://nimbus.example/',
    'https://nimbus.example/invite',
    'https://nimbus.example/s/',
    'https://nimbus.example/s/a%20b',
    '/s/<script>',
    'http://[',
    // Another site's links, whatever their path.
    'https://other.example/s/demo-public',
    'http://localhost:8080/s/demo-private?pwd=ab12',
    'other.example/s/demo-public',
    'Link: https://evil.example/s/demo-private Extract code: ab12',
    'https://nimbus.example.evil.example/s/demo-public',
    'https://evil.example/share?code=demo-public',
  ])('%j holds no share link of this site', (text) => {
    expect(shareLinkOfText(text, SITE)).toBeNull();
  });
});

describe('sharePagePath', () => {
  it("is this site's page of the share, with the extract code as ?pwd=", () => {
    expect(sharePagePath({ code: 'demo-public', extractCode: null })).toBe('/s/demo-public');
    expect(sharePagePath({ code: 'demo-private', extractCode: 'ab12' })).toBe(
      '/s/demo-private?pwd=ab12',
    );
  });

  it('is a path on this site, whatever the pasted link looked like', () => {
    const link = shareLinkOfText('nimbus.example:8443/s/demo-public?pwd=ab12', SITE);
    expect(link && sharePagePath(link)).toBe('/s/demo-public?pwd=ab12');
  });
});
