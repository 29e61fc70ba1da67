import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { ShareStatus, ShareType, type ShareInfo } from 'shared-contracts';
import { shares } from '../db/schema';
import { createEdgePurger, edgePurgeUrls } from '../dependencies/edge-purge';
import { cardCaching, edgeKeepableOf, pageCaching } from '../page-assembly/edge-headers';
import {
  hasCredentials,
  languageOfRequest,
  pageClientOf,
  platformOfHeaders,
  viewOfRequest,
} from '../page-assembly/page-client';
import {
  builtShellFixture,
  createTestApp,
  login,
  metricValueOf,
  shareRefOf,
  type TestContext,
} from './helpers';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const EDGE = { 'x-nimbus-platform': 'other', 'x-nimbus-language': 'en' };

/** A stand-in edge: records every request it gets; `answer` decides its status (or hangs). */
class FakeEdge {
  readonly purges: { method: string; key: string; at: number }[] = [];
  answer: 'ok' | 'fail' | 'hang' = 'ok';
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      this.purges.push({
        method: request.method ?? '',
        key: String(request.headers['surrogate-key'] ?? ''),
        at: Date.now(),
      });
      if (this.answer === 'hang') return;
      response.writeHead(this.answer === 'ok' ? 200 : 503).end();
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  keys(): string[] {
    return this.purges.map((purge) => purge.key);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const silentLog = { warn: () => undefined, error: () => undefined };
const fastTiming = { timeoutMs: 200, retryFirstMs: 20, retries: 2, repeatAfterMs: 50, batch: 2 };

describe('the edge headers', () => {
  it('reads the platform class from the user agent, then from Client Hints', () => {
    const platformOf = (headers: IncomingHttpHeaders) => platformOfHeaders(headers);
    assert.equal(platformOf({ 'user-agent': ANDROID }), 'android');
    assert.equal(platformOf({ 'user-agent': IPHONE }), 'ios');
    assert.equal(platformOf({ 'user-agent': DESKTOP }), 'other');
    assert.equal(platformOf({ 'user-agent': 'Something Mobile' }), 'mobile');
    // Client Hints alone (a reduced or missing user agent).
    assert.equal(
      platformOf({ 'sec-ch-ua-platform': '"Android"', 'sec-ch-ua-mobile': '?1' }),
      'android',
    );
    assert.equal(platformOf({ 'sec-ch-ua-platform': '"iOS"' }), 'ios');
    assert.equal(
      platformOf({ 'sec-ch-ua-platform': '"Linux"', 'sec-ch-ua-mobile': '?1' }),
      'mobile',
    );
    assert.equal(
      platformOf({ 'sec-ch-ua-platform': '"Windows"', 'sec-ch-ua-mobile': '?0' }),
      'other',
    );
    // The user agent's word comes first, as the first screen always read it.
    assert.equal(platformOf({ 'user-agent': IPHONE, 'sec-ch-ua-platform': '"Android"' }), 'ios');
  });

  it("chooses the language from ?lang=, then the language cookie, then Accept-Language's best", () => {
    const languageOf = (url: string, headers: IncomingHttpHeaders = {}) =>
      languageOfRequest({ url, headers });
    const cookie = 'theme=dark; nimbus_lang=pt-BR';
    const acceptLanguage = 'fr-CA;q=0.8,fr;q=0.8,ja;q=0.9';
    assert.equal(languageOf('/s/x?lang=ar', { cookie, 'accept-language': acceptLanguage }), 'ar');
    assert.equal(
      languageOf('/s/x?lang=xx', { cookie, 'accept-language': acceptLanguage }),
      'pt-BR',
    );
    assert.equal(
      languageOf('/s/x', { cookie: 'nimbus_lang=xx', 'accept-language': acceptLanguage }),
      'ja',
    );
    assert.equal(languageOf('/s/x', { 'accept-language': 'zh-TW,en;q=0.5' }), 'zh-Hant');
    assert.equal(languageOf('/s/x', { 'accept-language': 'zh-CN,zh;q=0.9' }), 'zh-Hans');
    assert.equal(languageOf('/s/x', { 'accept-language': 'nl-NL,nl;q=0.9' }), 'en');
    assert.equal(languageOf('/'), 'en');
  });

  it("takes the edge's headers only with allowed values, never a client's invention", () => {
    const pageClient = (headers: IncomingHttpHeaders, url = '/s/x') =>
      pageClientOf({ url, headers });
    assert.deepEqual(pageClient({ ...EDGE, 'user-agent': ANDROID }), {
      platform: 'other',
      language: 'en',
      view: 'list',
      fromEdge: true,
    });
    // Any of the site's languages, whatever the request's own signs say: the edge chose it.
    assert.deepEqual(
      pageClient(
        { ...EDGE, 'x-nimbus-language': 'zh-Hant', cookie: 'nimbus_lang=de' },
        '/?lang=ja',
      ),
      { platform: 'other', language: 'zh-Hant', view: 'list', fromEdge: true },
    );
    for (const forged of [
      { 'x-nimbus-platform': 'android<script>', 'x-nimbus-language': 'en' },
      { 'x-nimbus-platform': 'ios', 'x-nimbus-language': 'nl' },
      { 'x-nimbus-platform': 'ios', 'x-nimbus-language': 'zh' },
      { 'x-nimbus-platform': 'ios' },
    ]) {
      assert.deepEqual(pageClient({ ...forged, 'user-agent': ANDROID, 'accept-language': 'ko' }), {
        platform: 'android',
        language: 'ko',
        view: 'list',
        fromEdge: false,
      });
    }
  });

  it("reads the view from the edge's header, else the view cookie; only `grid` is the grid", () => {
    const viewOf = (headers: IncomingHttpHeaders) => viewOfRequest({ headers });
    assert.equal(viewOf({}), 'list');
    assert.equal(viewOf({ cookie: 'nimbus_view=grid' }), 'grid');
    assert.equal(viewOf({ cookie: 'a=b; nimbus_view=grid; nimbus_view=list' }), 'grid');
    for (const odd of ['Grid', '"grid"', 'grid%00', 'gridx', 'tiles', '']) {
      assert.equal(viewOf({ cookie: `nimbus_view=${odd}` }), 'list', odd);
    }
    // Through the edge the cookie is gone; its header says the view (and a forged one is the list).
    assert.equal(viewOf({ 'x-nimbus-view': 'grid', cookie: 'nimbus_view=list' }), 'grid');
    assert.equal(viewOf({ 'x-nimbus-view': 'grid<script>' }), 'list');
    assert.equal(
      pageClientOf({ url: '/s/x', headers: { cookie: 'nimbus_view=grid' } }).view,
      'grid',
    );
  });

  it('counts a session or any cookie but the language and view cookies as credentials', () => {
    assert.equal(hasCredentials({}), false);
    assert.equal(hasCredentials({ cookie: 'nimbus_lang=ar' }), false);
    assert.equal(hasCredentials({ cookie: 'nimbus_view=grid; nimbus_lang=ar' }), false);
    assert.equal(hasCredentials({ cookie: 'nimbus_view=grid; _ga=GA1.2.3' }), true);
    assert.equal(hasCredentials({ cookie: ' nimbus_lang=ar ; nimbus_lang=he' }), false);
    assert.equal(hasCredentials({ 'x-token': 't' }), true);
    assert.equal(hasCredentials({ authorization: 'Bearer x' }), true);
    assert.equal(hasCredentials({ cookie: 'nimbus_lang=ar; _ga=GA1.2.3' }), true);
    assert.equal(hasCredentials({ cookie: 'a=b' }), true);
    assert.equal(hasCredentials({ cookie: 'nimbus_lang' }), true);
  });

  const info = (overrides: Partial<ShareInfo>) =>
    ({
      id: 7,
      status: ShareStatus.Valid,
      share_type: ShareType.Public,
      expiry_time: 0,
      ...overrides,
    }) as ShareInfo;
  const now = 1_000_000_000_000;

  it('lets an edge keep the page of an open public share and the status page of a closed one', () => {
    assert.deepEqual(edgeKeepableOf(info({})), { shareId: 7 });
    assert.equal(edgeKeepableOf(info({ share_type: ShareType.Private })), null);
    assert.deepEqual(
      edgeKeepableOf(info({ status: ShareStatus.Canceled, share_type: ShareType.Private })),
      {
        shareId: 7,
      },
    );
    assert.equal(edgeKeepableOf(null), null);
    assert.deepEqual(edgeKeepableOf(info({ expiry_time: 2000 })), { shareId: 7, until: 2_000_000 });
  });

  it('says public with s-maxage only through an edge, without credentials', () => {
    const keepable = { shareId: 7 };
    const base = { keepable, fromEdge: true, credentials: false, listening: true, now };
    assert.deepEqual(pageCaching(base), {
      cacheControl: 'public, max-age=0, s-maxage=30, stale-while-revalidate=30',
      surrogateKey: 'share-7 pages',
    });
    assert.deepEqual(pageCaching({ ...base, fromEdge: false }), {
      cacheControl: 'no-cache',
      surrogateKey: null,
    });
    assert.deepEqual(pageCaching({ ...base, credentials: true }), {
      cacheControl: 'private, no-cache',
      surrogateKey: null,
    });
    assert.equal(pageCaching({ ...base, keepable: null }).cacheControl, 'no-cache');
    // While share changes may go unheard, a second, as this instance's own cache.
    assert.equal(
      pageCaching({ ...base, listening: false }).cacheControl,
      'public, max-age=0, s-maxage=1, stale-while-revalidate=0',
    );
    // Never past the share's expiry, stale or not.
    const expiring = (seconds: number) =>
      pageCaching({ ...base, keepable: { shareId: 7, until: now + seconds * 1000 } }).cacheControl;
    assert.equal(expiring(12), 'public, max-age=0, s-maxage=12, stale-while-revalidate=0');
    assert.equal(expiring(45), 'public, max-age=0, s-maxage=30, stale-while-revalidate=15');
    assert.equal(expiring(0), 'no-cache');
  });

  it("lets an edge keep a share's card as long as its page, browsers a few minutes", () => {
    const base = { keepable: { shareId: 7 }, listening: true, now };
    assert.deepEqual(cardCaching(base), {
      cacheControl: 'public, max-age=300, s-maxage=30, stale-while-revalidate=30',
      surrogateKey: 'share-7 pages',
    });
    assert.equal(
      cardCaching({ ...base, listening: false }).cacheControl,
      'public, max-age=300, s-maxage=1, stale-while-revalidate=0',
    );
    const expiring = (seconds: number) =>
      cardCaching({ ...base, keepable: { shareId: 7, until: now + seconds * 1000 } }).cacheControl;
    assert.equal(expiring(12), 'public, max-age=12, s-maxage=12, stale-while-revalidate=0');
    assert.equal(expiring(0), 'no-cache');
    assert.deepEqual(cardCaching({ ...base, keepable: null }), {
      cacheControl: 'no-cache',
      surrogateKey: null,
    });
  });
});

describe('the purge sender', () => {
  const edge = new FakeEdge();
  let url = '';
  before(async () => {
    url = await edge.start();
  });
  after(() => edge.stop());

  it('sends PURGE by Surrogate-Key, keys of one tick together, and once more after', async () => {
    edge.purges.length = 0;
    edge.answer = 'ok';
    const results: string[] = [];
    const purger = createEdgePurger({
      urls: [url],
      log: silentLog,
      onResult: (result) => results.push(result),
      timing: { ...fastTiming, batch: 50 },
    });
    purger.purge(['share-1']);
    purger.purge(['share-2']);
    await purger.idle();
    purger.close();
    assert.deepEqual(
      edge.purges.map((purge) => purge.method),
      ['PURGE', 'PURGE'],
    );
    assert.deepEqual(edge.keys(), ['share-1 share-2', 'share-1 share-2']);
    assert.deepEqual(results, ['purged', 'purged']);
  });

  it('retries a refused or timed-out purge with back-off, then gives up and says so', async () => {
    for (const answer of ['fail', 'hang'] as const) {
      edge.purges.length = 0;
      edge.answer = answer;
      const results: string[] = [];
      const errors: string[] = [];
      const purger = createEdgePurger({
        urls: [url],
        log: { warn: () => undefined, error: (_object, message) => errors.push(message) },
        onResult: (result) => results.push(result),
        timing: { ...fastTiming, repeatAfterMs: 60_000 },
      });
      purger.purge(['share-3']);
      await new Promise((resolve) => setTimeout(resolve, answer === 'hang' ? 1000 : 300));
      purger.close();
      assert.equal(edge.purges.length, 3, answer);
      assert.deepEqual(results, ['retry', 'retry', 'failed'], answer);
      assert.match(errors[0] ?? '', /did not take a purge after 3 tries/);
    }
  });

  it('reads EDGE_PURGE_URL as one or more addresses', () => {
    assert.deepEqual(edgePurgeUrls('http://10.0.0.1:6081, http://10.0.0.2:6081/'), [
      'http://10.0.0.1:6081/',
      'http://10.0.0.2:6081/',
    ]);
    assert.deepEqual(edgePurgeUrls(null), []);
  });
});

describe('pages behind an edge', () => {
  const edge = new FakeEdge();
  const staticRoot = builtShellFixture();
  const runtimeConfigFile = path.join(staticRoot, 'runtime-config.json');
  let ctx: TestContext;
  before(async () => {
    const url = await edge.start();
    writeFileSync(runtimeConfigFile, JSON.stringify({ productName: 'Nimbus' }));
    ctx = await createTestApp({ staticRoot, edgePurgeUrl: url, runtimeConfigFile });
  });
  after(async () => {
    await ctx.close();
    await edge.stop();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  it("marks an open public share's page shared-cacheable, with its keys and the edge's Vary", async () => {
    const { share_id: id } = await shareRefOf(ctx.app, 'demo-public');
    const page = await ctx.app.inject({
      url: '/s/demo-public',
      headers: { ...EDGE, 'user-agent': ANDROID },
    });
    assert.equal(page.statusCode, 200);
    assert.equal(
      page.headers['cache-control'],
      'public, max-age=0, s-maxage=30, stale-while-revalidate=30',
    );
    assert.equal(page.headers['surrogate-key'], `share-${id} pages`);
    // Without a first screen (this build has no renderers) it is still in the edge's language.
    assert.equal(page.headers.vary, 'Accept-Encoding, X-Nimbus-Language');
    // A browser revalidating gets a 304 with the same caching.
    const repeat = await ctx.app.inject({
      url: '/s/demo-public',
      headers: { ...EDGE, 'if-none-match': String(page.headers.etag) },
    });
    assert.equal(repeat.statusCode, 304);
    assert.equal(repeat.headers['surrogate-key'], `share-${id} pages`);
  });

  it('caches a share page asked with tracking or unknown parameters as the page without', async () => {
    const pageOf = async (url: string) => {
      const answer = await ctx.app.inject({ url, headers: EDGE });
      assert.equal(answer.statusCode, 200, url);
      return [
        answer.headers.etag,
        answer.headers['cache-control'],
        answer.headers['surrogate-key'],
      ];
    };
    const root = await pageOf('/s/demo-public');
    for (const query of [
      'fbclid=a1&utm_source=newsletter&utm_medium=mail&gclid=b2&_ga=GA1.2.3',
      'x7k2=q9&pwd=ab12&order=desc',
    ]) {
      assert.deepEqual(await pageOf(`/s/demo-public?${query}`), root, query);
    }
  });

  it("keeps a share's card as long as its page, purged with it, and browsers a few minutes", async () => {
    const { share_id: id } = await shareRefOf(ctx.app, 'demo-public');
    const page = await ctx.app.inject({ url: '/s/demo-public', headers: EDGE });
    const image = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const url = new URL(image).pathname;
    // Whoever asks: a card varies by nothing.
    const card = await ctx.app.inject(url);
    assert.equal(card.statusCode, 200);
    assert.equal(
      card.headers['cache-control'],
      'public, max-age=300, s-maxage=30, stale-while-revalidate=30',
    );
    assert.equal(card.headers['surrogate-key'], `share-${id} pages`);
    const repeat = await ctx.app.inject({
      url,
      headers: { 'if-none-match': String(card.headers.etag) },
    });
    assert.equal(repeat.statusCode, 304);
    assert.equal(repeat.headers['surrogate-key'], `share-${id} pages`);
    // Protected since: the old address leads to the generic card, and nothing keeps the answer.
    await ctx.database.db
      .update(shares)
      .set({ shareType: ShareType.Private, extractCode: 'ab12' })
      .where(eq(shares.id, id));
    ctx.app.shareCache.clear();
    try {
      const withdrawn = await ctx.app.inject(url);
      assert.equal(withdrawn.statusCode, 302);
      assert.equal(withdrawn.headers.location, '/og/protected.png');
      assert.equal(withdrawn.headers['cache-control'], 'no-cache');
    } finally {
      await ctx.database.db
        .update(shares)
        .set({ shareType: ShareType.Public, extractCode: '' })
        .where(eq(shares.id, id));
      ctx.app.shareCache.clear();
    }
  });

  it('keeps a page asked with the language cookie alone as shareable as one asked without', async () => {
    const asked = (cookie: string) =>
      ctx.app.inject({
        url: '/s/demo-public',
        headers: { ...EDGE, 'x-nimbus-language': 'ar', cookie },
      });
    // The test before changed a share: a page built while that change is still being heard is
    // kept by no edge (no-cache), so ask until it has been heard.
    let without = await ctx.app.inject({
      url: '/s/demo-public',
      headers: { ...EDGE, 'x-nimbus-language': 'ar' },
    });
    for (let tries = 0; without.headers['cache-control'] === 'no-cache' && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      without = await ctx.app.inject({
        url: '/s/demo-public',
        headers: { ...EDGE, 'x-nimbus-language': 'ar' },
      });
    }
    const withLanguage = await asked('nimbus_lang=ar');
    assert.match(String(withLanguage.headers['cache-control']), /^public, max-age=0, s-maxage=/);
    assert.equal(withLanguage.headers['cache-control'], without.headers['cache-control']);
    assert.equal(withLanguage.headers.etag, without.headers.etag);
    // Any other cookie is someone else's: private, as before.
    const withOthers = await asked('nimbus_lang=ar; _ga=GA1.2.3');
    assert.equal(withOthers.headers['cache-control'], 'private, no-cache');
  });

  it('keeps the rest uncached: no edge, a session, a protected share, the API, the config', async () => {
    const direct = await ctx.app.inject('/s/demo-public');
    assert.equal(direct.headers['cache-control'], 'no-cache');
    assert.equal(direct.headers['surrogate-key'], undefined);
    const { token } = await login(ctx.app, 'edge@example.com');
    for (const credentials of [
      { 'x-token': token },
      { authorization: 'Bearer x' },
      { cookie: 'a=b' },
    ]) {
      const answer = await ctx.app.inject({
        url: '/s/demo-public',
        headers: { ...EDGE, ...credentials },
      });
      assert.equal(answer.headers['cache-control'], 'private, no-cache');
      assert.equal(answer.headers['surrogate-key'], undefined);
    }
    for (const url of ['/s/demo-private', '/', '/s/no-such-share', '/config.json']) {
      const answer = await ctx.app.inject({ url, headers: EDGE });
      assert.equal(answer.headers['cache-control'], 'no-cache', url);
      assert.equal(answer.headers['surrogate-key'], undefined, url);
    }
    const api = await ctx.app.inject({
      method: 'POST',
      url: '/api/share/info',
      headers: EDGE,
      payload: { share_url: 'demo-public' },
    });
    assert.ok(!/public|s-maxage/.test(String(api.headers['cache-control'])));
  });

  it('purges a changed share from the edge within a second, and counts it', async () => {
    const { share_id: id } = await shareRefOf(ctx.app, 'demo-public');
    await ctx.app.edgePurges.idle();
    edge.purges.length = 0;
    const changedAt = Date.now();
    await ctx.database.db.update(shares).set({ status: 2 }).where(eq(shares.id, id));
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const first = edge.purges.find((purge) => purge.key.split(' ').includes(`share-${id}`));
      assert.ok(first, 'a purge of the share was sent');
      assert.ok(first.at - changedAt < 1000);
      // The canceled share's status page is the same for everyone: kept too, until reopened.
      const page = await ctx.app.inject({ url: '/s/demo-public', headers: EDGE });
      assert.match(String(page.headers['cache-control']), /^public, max-age=0, s-maxage=30/);
    } finally {
      await ctx.database.db.update(shares).set({ status: 1 }).where(eq(shares.id, id));
    }
    await ctx.app.edgePurges.idle();
    const metrics = (await ctx.app.inject('/metrics')).body;
    assert.ok((metricValueOf(metrics, 'nimbus_edge_purges_total', { result: 'purged' }) ?? 0) >= 2);
  });

  it('purges every page when the runtime configuration changes', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await ctx.app.edgePurges.idle();
    edge.purges.length = 0;
    writeFileSync(runtimeConfigFile, JSON.stringify({ productName: 'Nimbus Edge' }));
    const later = new Date(Date.now() + 5000);
    utimesSync(runtimeConfigFile, later, later);
    // Looked at every second (and the file's mtime every half second).
    const deadline = Date.now() + 3000;
    while (!edge.keys().includes('pages') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(edge.keys().includes('pages'), 'every page purged');
    await ctx.app.edgePurges.idle();
    assert.deepEqual(edge.keys(), ['pages', 'pages']);
  });
});
