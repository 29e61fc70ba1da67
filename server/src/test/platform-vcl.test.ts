// The edge cache decides a request's platform class in VCL (ops/varnish/nimbus.vcl), which cannot
// call shared-contracts' `platformOf`: Varnish's own test runner (varnishtest, Debian's varnish)
// sends it the same requests and checks that it writes the class `platformOf` gives.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { platformOf, type Platform, type PlatformSigns } from 'shared-contracts';
import { skipWithoutVarnishtest, throughEdge, type EdgeCase } from './edge-vcl';

/** Requests as real browsers, crawlers and Chromium's Client Hints send them, and their class. */
const REQUESTS: readonly [PlatformSigns, Platform][] = [
  [
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      platformHint: '"Android"',
      mobileHint: '?1',
    },
    'android',
  ],
  [
    // Chrome's reduced user agent on an Android tablet: no "Mobile".
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      platformHint: '"Android"',
      mobileHint: '?0',
    },
    'android',
  ],
  [
    {
      userAgent:
        'Mozilla/5.0 (Mobile; LYF/F300B/LYF-F300B-001-01-15-130718-i;Android; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5',
    },
    'android',
  ],
  [
    {
      userAgent:
        'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    },
    'android',
  ],
  [
    {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    },
    'ios',
  ],
  [
    {
      userAgent:
        'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    },
    'ios',
  ],
  [
    {
      userAgent:
        'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
    },
    'ios',
  ],
  [
    // An iPhone's user agent outranks a hint that says otherwise.
    {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      platformHint: '"Android"',
    },
    'ios',
  ],
  [
    // iPadOS asks for desktop pages as a Mac: a PC, to the server as to the edge.
    {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    },
    'other',
  ],
  [{ userAgent: 'Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0' }, 'mobile'],
  [
    {
      userAgent:
        'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
    },
    'mobile',
  ],
  [
    {
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      platformHint: '"Windows"',
      mobileHint: '?0',
    },
    'other',
  ],
  [
    {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0',
    },
    'other',
  ],
  [
    {
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    },
    'other',
  ],
  // Client Hints alone: a user agent that tells nothing.
  [{ userAgent: '', platformHint: '"Android"', mobileHint: '?1' }, 'android'],
  [{ userAgent: '', platformHint: ' "iOS" ' }, 'ios'],
  [{ userAgent: '', platformHint: 'Android' }, 'android'],
  [{ userAgent: '', platformHint: '"Linux"', mobileHint: '?1' }, 'mobile'],
  [{ userAgent: '', platformHint: '"Chrome OS"', mobileHint: '?0' }, 'other'],
  [{ userAgent: '' }, 'other'],
];

/** The requests of the table as the edge gets them, and the class the origin must get. */
const edgeCases = (requests: readonly [PlatformSigns, Platform][]): EdgeCase[] =>
  requests.map(([signs, platform], index) => ({
    url: `/s/case-${index}`,
    headers: {
      'User-Agent': signs.userAgent,
      'Sec-CH-UA-Platform': signs.platformHint,
      'Sec-CH-UA-Mobile': signs.mobileHint,
    },
    origin: { 'req.http.X-Nimbus-Platform': platform },
  }));

describe("the edge cache's platform class", () => {
  it('is what platformOf says for each request of the table', () => {
    for (const [signs, platform] of REQUESTS) {
      assert.equal(platformOf(signs), platform, JSON.stringify(signs));
    }
  });

  it(
    'is written by ops/varnish/nimbus.vcl as platformOf decides it, request by request',
    { skip: skipWithoutVarnishtest },
    () => {
      const run = throughEdge("the edge's platform class is platformOf's", edgeCases(REQUESTS));
      assert.ok(run.ok, `varnishtest failed:\n${run.output}`);
    },
  );
});
