import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { requestOfLog } from '../lib/request-log';
import {
  builtShellFixture,
  call,
  createTestApp,
  login,
  shareRefOf,
  type ShareRef,
  type TestContext,
} from './helpers';

/**
 * Codes as people paste them (issue 32, docs/decisions/0019-extract-code-matching-and-pwd.md):
 * matched whatever their case and the whitespace around them, and a share link's `?pwd=` code
 * never echoed by the page.
 */

let ctx: TestContext;
let privateShare: ShareRef;
before(async () => {
  ctx = await createTestApp({ staticRoot: builtShellFixture() });
  privateShare = await shareRefOf(ctx.app, 'demo-private');
});
after(() => ctx.close());

const detail = (extractCode: string, ip = '203.0.113.7') =>
  call(ctx.app, '/share/detail', { ...privateShare, extract_code: extractCode }, { ip });

describe('extract codes as people paste them', () => {
  it('open a protected share in capitals and with whitespace around them', async () => {
    for (const code of ['AB12', 'Ab12', ' ab12', 'ab12 ', '\tAB12\n']) {
      const { envelope } = await detail(code);
      assert.equal(envelope.code, 0, JSON.stringify(code));
      assert.ok(envelope.data.file_list.length > 0);
    }
  });

  it('still refuse another code, a cut one and a longer one', async () => {
    for (const code of ['zzzz', ' ab1', 'ab123', 'a b12']) {
      assert.equal((await detail(code, '203.0.113.8')).envelope.code, 4002, code);
    }
  });

  it('count a code in capitals as right, not against the network', async () => {
    // More tries than a network may get wrong (10 in 10 minutes): none of them is refused.
    for (let i = 0; i < 12; i += 1) {
      assert.equal((await detail('AB12', '203.0.113.9')).envelope.code, 0);
    }
  });

  it('save from a protected share with the code in capitals', async () => {
    const { token } = await login(ctx.app, 'carol@example.com', 'Carol');
    const root = (await detail('ab12')).envelope.data.file_list;
    const pdf = root.find((entry) => entry.name === 'guide.pdf');
    assert.ok(pdf);
    const { envelope } = await call(
      ctx.app,
      '/share/save_file',
      { ...privateShare, extract_code: ' AB12 ', folder_id: -1, file_ids: [pdf.id] },
      { token },
    );
    assert.equal(envelope.code, 0);
  });
});

describe("a share link's code (?pwd=)", () => {
  const BROWSER =
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';
  const WHATSAPP = 'WhatsApp/2.23.20.0 A';
  const page = (url: string, userAgent: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent } });
  // A media address's signed token is random text that can hold "pwd" by chance (a clean run saw
  // `…_PwdN0c…`); a signature cannot carry the code, so it is left out of the search.
  const withoutMediaTokens = (text: string) =>
    text.replace(/\/media\/t\/[^/"'\s]+\//g, '/media/t/…/');

  it('is not echoed by the page: not in its link preview, its answers or its config', async () => {
    for (const share of ['demo-private', 'demo-public']) {
      for (const agent of [BROWSER, WHATSAPP]) {
        const withCode = await page(`/s/${share}?pwd=Qz7w&from=chat`, agent);
        assert.equal(withCode.statusCode, 200, share);
        assert.doesNotMatch(withoutMediaTokens(withCode.body), /Qz7w|pwd/i, share);
        for (const value of Object.values(withCode.headers)) {
          assert.doesNotMatch(withoutMediaTokens(String(value)), /Qz7w|pwd/i, share);
        }
        // The very page of the link without a code: the code is no part of its cache key.
        const plain = await page(`/s/${share}`, agent);
        assert.equal(withCode.body, plain.body, share);
      }
    }
  });
});

describe('the request log', () => {
  it("shows a share link's address without its code", () => {
    const request = {
      method: 'GET',
      url: '/s/demo-private?from=chat&pwd=ab12#x',
      headers: {},
      host: 'localhost',
      ip: '203.0.113.7',
      socket: { remotePort: 50000 },
    } as unknown as FastifyRequest;
    assert.deepEqual(requestOfLog(request), {
      method: 'GET',
      url: '/s/demo-private?from=chat#x',
      version: undefined,
      host: 'localhost',
      remoteAddress: '203.0.113.7',
      remotePort: 50000,
    });
  });
});
