/*
 * The link previews' own words follow the page's language (issue 48): a share page asked in
 * Arabic or with `?lang=ja` unfurls in that language with a card whose path names it, the card
 * route draws its words in it (with fonts that have them), English keeps its texts and paths, and
 * a path in a language the site does not speak is no card.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Blob as HbBlob, Face } from 'harfbuzzjs';
import ogs from 'open-graph-scraper';
import type { Font } from 'satori';
import { SITE_LANGUAGES, type SiteLanguage } from 'shared-contracts';
import {
  previewTexts,
  sharedWhat,
  shareDetails,
  type PageKind,
} from '../link-preview/link-preview';
import { wordsIn } from '../link-preview/preview-words';
import { cardFonts, type CardContent } from '../link-preview/render-card';
import { sfntOf, woffTables } from '../link-preview/woff';
import { builtShellFixture, createTestApp, type TestContext } from './helpers';

const WHATSAPP = 'WhatsApp/2.23.20.0 A';

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp({ staticRoot: builtShellFixture() });
});
after(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': WHATSAPP, ...headers } });

async function previewOf(url: string, headers: Record<string, string> = {}) {
  const response = await get(url, headers);
  const { result } = await ogs({ html: response.body });
  const image = result.ogImage?.[0]?.url ?? '';
  return { response, result, image, path: image && new URL(image).pathname };
}

/** A card's answer: an image of 1200×630 (the PNG's IHDR, or any JPEG). */
function assertCardImage(response: Awaited<ReturnType<typeof get>>, what: string) {
  assert.equal(response.statusCode, 200, what);
  const type = String(response.headers['content-type']);
  assert.match(type, /^image\/(png|jpeg)$/, what);
  if (type === 'image/png') {
    assert.equal(response.rawPayload.readUInt32BE(16), 1200, what);
    assert.equal(response.rawPayload.readUInt32BE(20), 630, what);
  }
}

describe('link previews in the page language', () => {
  it('unfurl a share page asked in Arabic in Arabic, with a card of its own', async () => {
    const { response, result, path } = await previewOf('/s/demo-public', {
      'accept-language': 'ar,en;q=0.5',
    });
    assert.equal(response.headers['content-language'], 'ar');
    assert.equal(result.ogTitle, 'مشاركة من Sam: «Holiday pictures and more»');
    assert.match(result.ogDescription ?? '', /^8 عناصر · [\d.]+ (كيلوبايت|ميغابايت)\. يمكنك /);
    assert.equal(result.ogImage?.[0]?.alt, result.ogTitle);
    assert.match(path, /^\/og\/s\/demo-public\/[\w-]{16}\.ar$/);
    assertCardImage(await get(path), 'the Arabic card');

    const english = await previewOf('/s/demo-public');
    assert.equal(english.result.ogTitle, 'Sam shared “Holiday pictures and more”');
    assert.match(english.path, /^\/og\/s\/demo-public\/[\w-]{16}$/);
    // Another version: an edge or a chat app keeps each language's card apart.
    assert.notEqual(english.path.split('/')[4], path.split('/')[4]?.replace(/\.ar$/, ''));
  });

  it('unfurl a link with ?lang=ja in Japanese, whatever the browser says', async () => {
    const { result, path } = await previewOf('/s/demo-public?lang=ja', {
      'accept-language': 'de',
    });
    assert.equal(result.ogTitle, 'Sam が「Holiday pictures and more」を共有しました');
    assert.match(result.ogDescription ?? '', /^8 項目 · [\d.]+ (KB|MB)。/);
    assert.match(path, /^\/og\/s\/demo-public\/[\w-]{16}\.ja$/);
    assertCardImage(await get(path), 'the Japanese card');
  });

  it('keep the English page as it was: the same tags with or without an English browser', async () => {
    const tags = (html: string) => html.match(/<meta (property|name)="(og|twitter):[^>]*>/g);
    const plain = await get('/s/demo-private');
    const english = await get('/s/demo-private', { 'accept-language': 'en-GB,en;q=0.8' });
    assert.deepEqual(tags(english.body), tags(plain.body));
    const { result } = await ogs({ html: plain.body });
    assert.equal(result.ogTitle, 'A protected share is waiting for you');
    assert.equal(result.ogImage?.[0]?.url, 'http://localhost/og/protected.png');
  });

  it('give the other pages their generic card in the language, and draw it', async () => {
    const expected: Array<[string, SiteLanguage, string, string]> = [
      ['/s/demo-private', 'ar', 'مشاركة محمية بانتظارك', '/og/protected.ar.png'],
      ['/s/demo-canceled', 'ru', 'Общий доступ отменён', '/og/canceled.ru.png'],
      ['/s/no-such-share', 'hi', 'शेयर नहीं मिला', '/og/site.hi.png'],
      ['/', 'th', 'Nimbus', '/og/site.th.png'],
      ['/s/demo-expired', 'zh-Hant', '此分享已過期', '/og/expired.zh-Hant.png'],
    ];
    for (const [url, language, title, card] of expected) {
      const { result, path } = await previewOf(url, { 'accept-language': language });
      assert.equal(result.ogTitle, title, url);
      assert.equal(path, card, url);
      const image = await get(card);
      assertCardImage(image, card);
      assert.equal(image.headers['cache-control'], 'public, max-age=86400', card);
    }
  });

  it('refuse a card in a language the site does not speak, and English under a second name', async () => {
    const { path } = await previewOf('/s/demo-public', { 'accept-language': 'ko' });
    const version = path.split('/')[4]?.replace(/\.ko$/, '') ?? '';
    for (const url of [
      '/og/site.xx.png',
      '/og/site.en.png',
      '/og/site.EN.png',
      '/og/protected.ar.fr.png',
      '/og/nothing.ar.png',
      `/og/s/demo-public/${version}.xx`,
      `/og/s/demo-public/${version}.en`,
      `/og/s/demo-public/${version}.ko.png`,
    ]) {
      assert.equal((await get(url)).statusCode, 404, url);
    }
  });

  it('follow the share in its language: an old version, a protected share', async () => {
    const { path } = await previewOf('/s/demo-public?lang=fr');
    const old = await get('/og/s/demo-public/AAAAAAAAAAAAAAAA.fr');
    assert.equal(old.statusCode, 302);
    assert.equal(old.headers.location, path);
    const locked = await get('/og/s/demo-private/x.de');
    assert.equal(locked.headers.location, '/og/protected.de.png');
  });
});

type SharePage = Extract<PageKind, { kind: 'share' }>;
const share = (itemCount: number, onlyFiles = true): SharePage => ({
  kind: 'share',
  sharerName: 'Sam',
  shareName: '',
  firstName: 'Photos',
  itemCount,
  onlyFiles,
  totalBytes: 36_909_875,
});
const titleOf = (page: PageKind, language: SiteLanguage) =>
  previewTexts(page, 'Nimbus', language).title;

describe("the previews' words", () => {
  it("count in each language's plural forms", () => {
    assert.equal(titleOf(share(2), 'ru'), 'Sam делится: «Photos» и ещё 1 файл');
    assert.equal(titleOf(share(4), 'ru'), 'Sam делится: «Photos» и ещё 3 файла');
    assert.equal(titleOf(share(6), 'ru'), 'Sam делится: «Photos» и ещё 5 файлов');
    assert.equal(titleOf(share(1), 'ru'), 'Sam делится: «Photos»');
    const details = (n: number) => previewTexts(share(n), 'Nimbus', 'ar').description;
    assert.match(details(1), /^ملف واحد · /);
    assert.match(details(2), /^ملفان · /);
    assert.match(details(3), /^3 ملفات · /);
    assert.match(details(11), /^11 ملفًا · /);
    assert.match(details(100), /^100 ملف · /);
    assert.equal(titleOf(share(2, false), 'en'), 'Sam shared “Photos” and 1 more item');
    assert.equal(titleOf(share(0), 'en'), 'Sam shared “Photos”');
    assert.match(previewTexts(share(1), 'Nimbus', 'en').description, /^1 file · 35\.2 MB\. /);
  });

  it("name a named share by its name in the language's quotation marks", () => {
    const named: SharePage = { ...share(8), shareName: 'Holiday' };
    assert.equal(titleOf(named, 'en'), 'Sam shared “Holiday”');
    assert.equal(titleOf(named, 'ja'), 'Sam が「Holiday」を共有しました');
    assert.equal(titleOf(named, 'de'), 'Sam hat „Holiday“ geteilt');
    assert.match(previewTexts(named, 'Nimbus', 'en').description, /^8 files · 35\.2 MB\. /);
  });

  it('write sizes as the language does (its catalog may keep the unit on the line), in Latin digits', () => {
    assert.match(previewTexts(share(8), 'Nimbus', 'de').description, /^8 Dateien · 35,2\sMB\. /);
    assert.match(previewTexts(share(8), 'Nimbus', 'fr').description, /^8 fichiers · 35,2\sMo\. /);
    assert.match(previewTexts(share(8), 'Nimbus', 'ar').description, / · 35\.2\sميغابايت\. /);
  });
});

/** The code points a font's cmap maps to a glyph (the card fonts are WOFF files). */
async function codePointsOf(font: Font): Promise<Set<number>> {
  const sfnt = sfntOf(await woffTables(new Uint8Array(font.data)));
  return new Set(new Face(new HbBlob(sfnt)).collectUnicodes());
}

/** Every card of a language with the words it draws: a share's and the generic ones. */
function cardsIn(language: SiteLanguage): Array<{ content: CardContent; words: string }> {
  const t = wordsIn(language);
  const page = share(8, false);
  if (page.kind !== 'share') throw new Error('a share');
  const title = sharedWhat(page, t);
  const details = shareDetails(page, language, t);
  const cards: Array<{ content: CardContent; words: string }> = [
    {
      content: { kind: 'share', sharerName: '', title, details, thumbnails: [] },
      words: [t('cardSomeone'), t('cardShared'), title, details].join(' '),
    },
  ];
  const generic: Array<Exclude<CardContent, { kind: 'share' }>> = [
    { kind: 'protected' },
    { kind: 'closed', reason: 'canceled' },
    { kind: 'closed', reason: 'expired' },
    { kind: 'closed', reason: 'deleted' },
    { kind: 'invite' },
    { kind: 'site' },
  ];
  for (const content of generic) {
    const texts = previewTexts(content, 'Nimbus', language);
    cards.push({ content, words: `${texts.title} ${texts.description}` });
  }
  return cards;
}

describe("the cards' words in every language", () => {
  it('have a font for every character they draw (Arabic, Devanagari, Thai, CJK, ...)', async () => {
    const cmaps = new Map<Font['data'], Set<number>>();
    for (const language of SITE_LANGUAGES) {
      for (const { content, words } of cardsIn(language)) {
        const covered = new Set<number>();
        for (const font of await cardFonts(content, 'Nimbus', language)) {
          const codes = cmaps.get(font.data) ?? (await codePointsOf(font));
          cmaps.set(font.data, codes);
          for (const code of codes) covered.add(code);
        }
        for (const char of words.replace(/\s/g, '')) {
          const hex = (char.codePointAt(0) ?? 0).toString(16).toUpperCase();
          const what = `${language} ${content.kind}: ${char} (U+${hex})`;
          assert.ok(covered.has(char.codePointAt(0) ?? 0), `no font of the card has ${what}`);
        }
      }
    }
  });
});
