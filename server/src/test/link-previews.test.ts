import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import ogs from 'open-graph-scraper';
import { events, shares } from '../db/schema';
import { eventSign } from '../routes/api/event';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { demoShares, demoWorldShare } from '../db/seed-data/shares';
import { DEMO_ACCOUNTS, DEMO_WORLD_SHARER } from '../db/seed-data/accounts';
import { builtShellFixture, call, createTestApp, type TestContext } from './helpers';

/** User agents as each link-preview service sends them. */
const AGENTS = {
  facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  twitter: 'Twitterbot/1.0',
  slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  whatsapp: 'WhatsApp/2.23.20.0 A',
  telegram: 'TelegramBot (like TwitterBot)',
  discord: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  linkedin: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  apple:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
  applebot:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
} as const;
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';

/** Every name of the demo data a generic preview must not show: files, folders, shares, people. */
function demoNames(): string[] {
  const names = new Set<string>([...DEMO_ACCOUNTS, DEMO_WORLD_SHARER].map(({ name }) => name));
  const walk = (nodes: ReturnType<typeof demoShares>[number]['tree']) => {
    for (const node of nodes) {
      names.add(node.name);
      if ('children' in node) walk(node.children);
    }
  };
  for (const share of [...demoShares(0), demoWorldShare()]) {
    names.add(share.name);
    walk(share.tree);
  }
  return [...names];
}

/** The link-preview tags of a page's head: what a chat app reads. */
function previewTagsOf(html: string): string {
  return [
    ...html.matchAll(
      /<meta (?:property|name)="(?:og|twitter):[^>]*>|<meta name="description"[^>]*>/g,
    ),
  ]
    .map(([tag]) => tag)
    .join('\n');
}

/** A PNG's or a JPEG's width and height (the PNG's IHDR chunk, the JPEG's start of frame). */
function imageSize(image: Buffer): { width: number; height: number } {
  if (image.subarray(1, 4).toString('latin1') === 'PNG') {
    return { width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
  }
  assert.equal(image.readUInt16BE(0), 0xffd8, 'a PNG or a JPEG');
  let offset = 2;
  while (offset < image.length) {
    const marker = image.readUInt16BE(offset);
    if (marker === 0xffc0 || marker === 0xffc2) {
      return { width: image.readUInt16BE(offset + 7), height: image.readUInt16BE(offset + 5) };
    }
    offset += 2 + image.readUInt16BE(offset + 2);
  }
  throw new Error('no frame in the JPEG');
}

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp({ staticRoot: builtShellFixture() });
});
after(() => ctx.close());

const page = (url: string, userAgent: string = AGENTS.whatsapp) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent } });

describe('link previews', () => {
  it("unfurl a public share as who shared it and the share's name, with its card, for every chat app's agent", async () => {
    for (const [name, agent] of Object.entries(AGENTS)) {
      const response = await page('/s/demo-public', agent);
      assert.equal(response.statusCode, 200, name);
      const { result } = await ogs({ html: response.body });
      assert.equal(result.ogTitle, 'Sam shared “Holiday pictures and more”', name);
      assert.match(result.ogDescription ?? '', /^8 items · [\d.]+ (B|KB|MB|GB)\. /, name);
      assert.equal(result.ogUrl, 'http://localhost/s/demo-public');
      assert.equal(result.ogSiteName, 'Nimbus');
      assert.equal(result.twitterCard, 'summary_large_image');
      const [image] = result.ogImage ?? [];
      assert.match(image?.url ?? '', /^http:\/\/localhost\/og\/s\/demo-public\/[\w-]{16}$/);
      assert.equal(String(image?.width), '1200');
      assert.equal(String(image?.height), '630');
      // The page's title is unchanged: the product's name while no preview is open (the
      // configured one, not the build's placeholder).
      assert.match(response.body, /<title>Nimbus<\/title>/);
    }
  });

  it('say only what kind of page a protected, closed or unknown share is: no name, owner or count', async () => {
    const names = demoNames();
    const expected: Record<string, [number, string, string]> = {
      'demo-private': [200, 'A protected share is waiting for you', '/og/protected.png'],
      'demo-canceled': [200, 'This share was canceled', '/og/canceled.png'],
      'demo-expired': [200, 'This share has expired', '/og/expired.png'],
      'demo-deleted': [200, 'This share was deleted', '/og/deleted.png'],
      'no-such-share': [404, 'Share not found', '/og/site.png'],
    };
    for (const [code, [status, title, image]] of Object.entries(expected)) {
      for (const agent of Object.values(AGENTS)) {
        const response = await page(`/s/${code}`, agent);
        assert.equal(response.statusCode, status, code);
        const { result } = await ogs({ html: response.body });
        assert.equal(result.ogTitle, title, code);
        assert.equal(result.ogImage?.[0]?.url, `http://localhost${image}`, code);
        const tags = previewTagsOf(response.body);
        for (const name of names) assert.ok(!tags.includes(name), `${code} shows "${name}"`);
        assert.doesNotMatch(tags, /\d+ (files|items)/, code);
      }
    }
  });

  it('give the invite page and the home page their own cards', async () => {
    const invite = await ogs({ html: (await page('/invite')).body });
    assert.match(invite.result.ogTitle ?? '', /community/);
    assert.equal(invite.result.ogImage?.[0]?.url, 'http://localhost/og/invite.png');
    const home = await ogs({ html: (await page('/')).body });
    assert.equal(home.result.ogTitle, 'Nimbus');
    assert.equal(home.result.ogImage?.[0]?.url, 'http://localhost/og/site.png');
  });

  it("unfurl demo-world as its sharer's and its own names, in their scripts", async () => {
    const response = await page('/s/demo-world');
    assert.equal(response.statusCode, 200);
    const { result } = await ogs({ html: response.body });
    assert.equal(result.ogTitle, 'ليلى حداد shared “حول العالم”');
    assert.match(result.ogDescription ?? '', /^9 items · [\d.]+ (B|KB|MB)\. /);
    const card = await page(new URL(result.ogImage?.[0]?.url ?? '').pathname);
    assert.equal(card.statusCode, 200);
    assert.equal(card.headers['content-type'], 'image/jpeg', 'its photos make it a JPEG');
    assert.deepEqual(imageSize(card.rawPayload), { width: 1200, height: 630 });
    assert.ok(card.rawPayload.length < 300 * 1024, `${card.rawPayload.length} bytes`);
    // LINK_CARD_SAMPLES=<folder> writes it there, for docs/link-previews/world.jpg.
    const samples = process.env.LINK_CARD_SAMPLES;
    if (samples) {
      mkdirSync(path.resolve(samples), { recursive: true });
      writeFileSync(path.join(path.resolve(samples), 'world.jpg'), card.rawPayload);
    }
  });

  it('call a share without a name by its first item, as the list shows it', async () => {
    await ctx.database.db.update(shares).set({ name: '  ' }).where(eq(shares.code, 'demo-large'));
    const { result } = await ogs({ html: (await page('/s/demo-large')).body });
    assert.equal(result.ogTitle, 'Sam shared “10,000 photos”');
  });

  it('escape what a sharer wrote', async () => {
    await ctx.database.db
      .update(shares)
      .set({ name: '<script>alert(1)</script>' })
      .where(eq(shares.code, 'demo-empty'));
    const response = await page('/s/demo-empty');
    assert.ok(!response.body.includes('<script>alert(1)</script>'));
    const { result } = await ogs({ html: response.body });
    assert.equal(result.ogTitle, 'Sam shared “<script>alert(1)</script>”');
  });
});

describe('the card images', () => {
  it("are 1200×630 images under 300 KB, a public share's kept while its page is", async () => {
    const { result } = await ogs({ html: (await page('/s/demo-public')).body });
    const url = new URL(result.ogImage?.[0]?.url ?? '');
    const first = await page(url.pathname);
    assert.equal(first.statusCode, 200);
    assert.match(String(first.headers['content-type']), /^image\/(png|jpeg)$/);
    assert.deepEqual(imageSize(first.rawPayload), { width: 1200, height: 630 });
    assert.ok(first.rawPayload.length < 300 * 1024, `${first.rawPayload.length} bytes`);
    // Kept by an edge as its page is (purged with it), and a few minutes by browsers.
    assert.equal(
      first.headers['cache-control'],
      'public, max-age=300, s-maxage=30, stale-while-revalidate=30',
    );
    const again = await ctx.app.inject({
      method: 'GET',
      url: url.pathname,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    assert.equal(again.statusCode, 304);

    for (const card of ['protected', 'canceled', 'expired', 'deleted', 'invite', 'site']) {
      const response = await page(`/og/${card}.png`);
      assert.equal(response.statusCode, 200, card);
      assert.deepEqual(imageSize(response.rawPayload), { width: 1200, height: 630 });
      assert.ok(response.rawPayload.length < 300 * 1024, card);
    }
    assert.equal((await page('/og/nothing.png')).statusCode, 404);
    assert.equal((await page('/og/s/no-such-share/abc')).statusCode, 404);
  });

  it("follow the share: an old version goes to the current one, a closed share's to the generic card", async () => {
    const { result } = await ogs({ html: (await page('/s/demo-large')).body });
    const current = new URL(result.ogImage?.[0]?.url ?? '').pathname;
    const old = await page('/og/s/demo-large/AAAAAAAAAAAAAAAA');
    assert.equal(old.statusCode, 302);
    assert.equal(old.headers.location, current);

    await ctx.database.db.update(shares).set({ status: 2 }).where(eq(shares.code, 'demo-large'));
    ctx.app.shareCache.clear();
    const closed = await page(current);
    assert.equal(closed.statusCode, 302);
    assert.equal(closed.headers.location, '/og/canceled.png');
  });

  it('carry nothing a protected share would tell: the same card for every protected share', async () => {
    const { result } = await ogs({ html: (await page('/s/demo-private')).body });
    assert.equal(result.ogImage?.[0]?.url, 'http://localhost/og/protected.png');
    assert.equal((await page('/og/s/demo-private/x')).headers.location, '/og/protected.png');
  });
});

describe('search engines and crawlers', () => {
  it('keep share, invite and not-found pages out of search: header, meta and robots.txt', async () => {
    for (const url of [
      '/s/demo-public',
      '/s/demo-private',
      '/s/demo-canceled',
      '/invite',
      '/404',
      '/s/nope',
    ]) {
      const response = await page(url, BROWSER);
      assert.equal(response.headers['x-robots-tag'], 'noindex, nofollow', url);
      assert.match(response.body, /<meta name="robots" content="noindex, nofollow">/, url);
    }
    assert.equal((await page('/404', BROWSER)).statusCode, 404);
    assert.equal((await page('/no/such/page', BROWSER)).statusCode, 404);
    assert.equal((await page('/', BROWSER)).headers['x-robots-tag'], undefined);

    const robots = (await page('/robots.txt')).body;
    const groups = robots.split('\n\n');
    const everyone = groups.find((group) => group.includes('User-agent: *')) ?? '';
    for (const rule of [
      'Disallow: /s/',
      'Disallow: /invite',
      'Disallow: /404',
      'Disallow: /api/',
    ]) {
      assert.ok(everyone.includes(rule), rule);
    }
    const previewers = groups.find((group) => group.includes('User-agent: Twitterbot')) ?? '';
    for (const token of [
      'facebookexternalhit',
      'WhatsApp',
      'Slackbot-LinkExpanding',
      'Discordbot',
    ]) {
      assert.ok(previewers.includes(`User-agent: ${token}`), token);
    }
    assert.ok(previewers.includes('Allow: /'));
  });

  it('keep no event of a link-preview agent that runs the page', async () => {
    const content = JSON.stringify({ share_code: 'demo-public' });
    const report = (userAgent: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/event/report',
        headers: { 'user-agent': userAgent, 'x-app-name': 'web', 'x-language': 'en-us' },
        payload: {
          event_name: 'share_view_details_enter',
          content,
          sign: eventSign(content, 'share_view_details_enter', ctx.app.env.eventSignKey),
        },
      });
    const before = (await ctx.app.db.select().from(events)).length;
    assert.equal((await report(AGENTS.applebot)).json<{ code: number }>().code, 0);
    assert.equal((await ctx.app.db.select().from(events)).length, before);
    await report(BROWSER);
    assert.equal((await ctx.app.db.select().from(events)).length, before + 1);
  });

  it("serve link-preview agents the page a browser gets, counted apart, spending no visitor's limit", async () => {
    const limited = await createTestApp({ staticRoot: builtShellFixture(), rateLimitMax: 5 });
    try {
      const fetchAs = (userAgent: string) =>
        limited.app.inject({
          method: 'GET',
          url: '/s/demo-public',
          remoteAddress: '198.51.100.7',
          headers: { 'user-agent': userAgent },
        });
      const asBrowser = await fetchAs(BROWSER);
      for (let index = 0; index < 20; index += 1) {
        const asCrawler = await fetchAs(AGENTS.whatsapp);
        assert.equal(asCrawler.statusCode, 200);
        assert.equal(previewTagsOf(asCrawler.body), previewTagsOf(asBrowser.body));
      }
      // The same network's visitor still has the whole minute's budget of API calls.
      for (let index = 0; index < 5; index += 1) {
        const answer = await call(
          limited.app,
          '/share/info',
          { share_url: 'demo-public' },
          { ip: '198.51.100.7' },
        );
        assert.equal(answer.status, 200);
      }
      const metrics = (await limited.app.inject({ method: 'GET', url: '/metrics' })).body;
      assert.match(metrics, /nimbus_link_preview_fetches_total\{agent="whatsapp",what="page"\} 20/);
      assert.doesNotMatch(metrics, /nimbus_link_preview_fetches_total\{agent="(?!whatsapp)/);
    } finally {
      await limited.close();
    }
  });
});
