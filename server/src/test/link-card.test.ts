/*
 * The link-preview card image (issue 29): every kind is a 1200×630 picture under the chat apps'
 * 300 KB, user text of any length or script does not break it, and the cards that stand for a
 * protected or closed share hold nothing of it. Names in every script (issue 48) are drawn with
 * a font that has their characters, Arabic joined, right-to-left words in their order.
 *
 * LINK_CARD_SAMPLES=<folder> writes the sample cards of docs/link-previews/ there.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { Resvg } from '@resvg/resvg-js';
import { Blob as HbBlob, Face } from 'harfbuzzjs';
import { encode as encodeJpeg } from 'jpeg-js';
import type { Font } from 'satori';
import { DEMO_WORLD_SHARER } from '../db/seed-data/accounts';
import { demoWorldShare, type TreeNode } from '../db/seed-data/shares';
import { emojiPicture } from '../link-preview/card-emoji';
import { cleanText, initialOf } from '../link-preview/card-text';
import {
  cardFonts,
  loadCardFonts,
  MAX_CARD_BYTES,
  renderCard,
  type CardContent,
  type CardImage,
} from '../link-preview/render-card';
import { sfntOf, woffTables } from '../link-preview/woff';

const images = path.join(import.meta.dirname, '../../media/images');
const photos = [1, 2, 3].map((n) => readFileSync(path.join(images, `photo-${n}.jpg`)));
const thumbs = [1, 2, 3].map((n) => readFileSync(path.join(images, `photo-${n}-thumb.jpg`)));

/** The demo's public share as the page would describe it. */
const demoShare: CardContent = {
  kind: 'share',
  sharerName: 'Sam',
  title: '“Photos” and 7 more files',
  details: '8 files · 35.2 MB',
  thumbnails: photos,
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk or a JPEG's start-of-frame segment. */
function dimensions(card: CardImage): { width: number; height: number } {
  const bytes = card.body;
  if (card.contentType === 'image/png') {
    assert.deepEqual(bytes.subarray(0, 8), PNG_SIGNATURE);
    assert.equal(bytes.toString('latin1', 12, 16), 'IHDR');
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  assert.equal(bytes.readUInt16BE(0), 0xffd8, 'a JPEG starts with SOI');
  for (let at = 2; at + 9 < bytes.length; at += 2 + bytes.readUInt16BE(at + 2)) {
    const marker = bytes.readUInt16BE(at);
    // SOF0 to SOF15, but not DHT (C4), JPG (C8) or DAC (CC).
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker)) {
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    }
  }
  throw new Error('no start-of-frame segment');
}

function assertCard(card: CardImage, type: CardImage['contentType'] = 'image/png') {
  assert.equal(card.contentType, type);
  assert.deepEqual(dimensions(card), { width: 1200, height: 630 });
  assert.ok(card.body.length < MAX_CARD_BYTES, `${card.body.length} bytes`);
  assert.ok(card.body.length < 300 * 1000);
}

/** A detailed "photo": fine stripes and grain, which PNG barely compresses. */
function detailedPhoto(seed: number): Buffer {
  const width = 960;
  const height = 720;
  const data = Buffer.alloc(width * height * 4);
  let random = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      random = (random * 1103515245 + 12345) >>> 0;
      const grain = ((random >>> 16) % 64) - 32;
      const at = (y * width + x) * 4;
      data[at] = clamp(128 + 90 * Math.sin(x / 9 + seed) + grain);
      data[at + 1] = clamp(128 + 90 * Math.sin(y / 5 + x / 23) + grain);
      data[at + 2] = clamp(128 + 90 * Math.cos((x + y) / 13) + grain);
      data[at + 3] = 255;
    }
  }
  return encodeJpeg({ data, width, height }, 90).data;
}
const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

describe('link-preview card', () => {
  before(async () => {
    await loadCardFonts();
  });

  it('renders a share with three photos first, under 300 ms once the fonts are read', async (t) => {
    let started = performance.now();
    const first = await renderCard(demoShare, 'Nimbus');
    const firstMs = performance.now() - started;
    started = performance.now();
    const again = await renderCard(demoShare, 'Nimbus');
    const againMs = performance.now() - started;
    t.diagnostic(`first ${firstMs.toFixed(0)} ms, again ${againMs.toFixed(0)} ms`);
    t.diagnostic(`${first.body.length} bytes`);
    assertCard(first, 'image/jpeg');
    assert.ok(first.body.equals(again.body), 'the same content gives the same bytes');
    // The bench measures it; here only a bound that a loaded CI machine keeps too.
    assert.ok(firstMs < 3000, `${firstMs.toFixed(0)} ms`);
  });

  it('renders a share with photos as a JPEG, every other card as a PNG, 1200×630 under 300 KB', async (t) => {
    for (const thumbnails of [thumbs, photos.slice(0, 1)]) {
      assertCard(await renderCard({ ...demoShare, thumbnails }, 'Nimbus'), 'image/jpeg');
    }
    const contents: CardContent[] = [
      { ...demoShare, thumbnails: [] },
      { kind: 'protected' },
      { kind: 'closed', reason: 'canceled' },
      { kind: 'closed', reason: 'expired' },
      { kind: 'closed', reason: 'deleted' },
      { kind: 'invite' },
      { kind: 'site' },
    ];
    for (const content of contents) {
      const card = await renderCard(content, 'Nimbus');
      const label = content.kind === 'closed' ? content.reason : content.kind;
      t.diagnostic(`${label}: ${card.body.length} bytes`);
      assertCard(card);
    }
  });

  it('keeps a share of large, detailed photos under 300 KB, as a JPEG if it must', async (t) => {
    const thumbnails = [1, 2, 3].map(detailedPhoto);
    const started = performance.now();
    const card = await renderCard({ ...demoShare, thumbnails }, 'Nimbus');
    const ms = (performance.now() - started).toFixed(0);
    t.diagnostic(`${card.contentType}, ${card.body.length} bytes, ${ms} ms`);
    assertCard(card, card.contentType);
  });

  it('draws long, right-to-left and emoji names and titles without failing', async () => {
    const names = [
      'Sam'.padEnd(300, 'x'),
      'Łukasz Żółć Дмитрий Ελένη '.repeat(12),
      '🎉',
      '👨‍👩‍👧 Family 🇫🇷',
      'שלום עליכם',
      'مرحبا بالعالم',
      '王小明',
      '',
      ' \u202e\u0000 ',
    ];
    for (const sharerName of names) {
      const card = await renderCard(
        { ...demoShare, sharerName, title: `${sharerName} “${sharerName}”`, details: sharerName },
        sharerName || 'Nimbus',
      );
      assertCard(card, 'image/jpeg');
    }
  });

  it('keeps emoji and every script, leaves out controls, and cuts user text to what a card shows', () => {
    assert.equal(cleanText('Family 👨‍👩‍👧 trip 🏖️'), 'Family 👨‍👩‍👧 trip 🏖️');
    assert.equal(cleanText('“Fotos 🇫🇷”\n2025 ©'), '“Fotos 🇫🇷” 2025 ©');
    assert.equal(cleanText('\u202eevil\u0007 \u200fשלום\u2066'), 'evil שלום');
    // By grapheme: a family emoji (seven code points) counts once and is never cut in two.
    assert.equal(cleanText('👨‍👩‍👧a'.repeat(400)), '👨‍👩‍👧a'.repeat(120));
    assert.equal(initialOf('sam'), 'S');
    assert.equal(initialOf('ßlorp'), 'ß');
    assert.equal(initialOf('Élodie'), 'É');
    assert.equal(initialOf('王小明'), '王');
    assert.equal(initialOf('ليلى حداد'), 'ل');
    assert.equal(initialOf('हिन्दी'), 'हि');
    assert.equal(initialOf('🎉 party'), null);
    assert.equal(initialOf('ᎣᏏᏲ'), null, 'Cherokee: no card font has it');
    assert.equal(initialOf(''), null);
  });

  it('skips what is not a JPEG or PNG, and draws a share without a damaged image', async () => {
    const card = await renderCard(
      {
        ...demoShare,
        thumbnails: [Buffer.from('<svg/>'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1])],
      },
      'Nimbus',
    );
    assertCard(card);
    const plain = await renderCard({ ...demoShare, thumbnails: [] }, 'Nimbus');
    assert.ok(card.body.equals(plain.body));
  });

  it('draws the protected and closed cards from no share data', async () => {
    // Whatever a caller passes along (here a whole share, by mistake), none of it is drawn.
    const share = { sharerName: 'Sam', title: 'secret.pdf', details: '1 file', thumbnails: photos };
    const cases: { plain: CardContent; leaky: object }[] = [
      { plain: { kind: 'protected' }, leaky: { ...share, kind: 'protected' } },
      ...(['canceled', 'expired', 'deleted'] as const).map((reason) => ({
        plain: { kind: 'closed', reason } as const,
        leaky: { ...share, kind: 'closed', reason },
      })),
    ];
    for (const { plain, leaky } of cases) {
      const expected = await renderCard(plain, 'Nimbus');
      const actual = await renderCard(leaky as CardContent, 'Nimbus');
      assert.ok(actual.body.equals(expected.body), JSON.stringify(plain));
    }
  });

  it('writes the sample cards when asked', { skip: !process.env.LINK_CARD_SAMPLES }, async () => {
    const folder = path.resolve(process.env.LINK_CARD_SAMPLES ?? '.');
    mkdirSync(folder, { recursive: true });
    const samples: Record<string, CardContent> = {
      share: demoShare,
      protected: { kind: 'protected' },
      canceled: { kind: 'closed', reason: 'canceled' },
      invite: { kind: 'invite' },
    };
    for (const [name, content] of Object.entries(samples)) {
      writeFileSync(path.join(folder, `${name}.png`), (await renderCard(content, 'Nimbus')).body);
    }
  });
});

/** The names demo-world's pages and cards show: its sharer's, its own, its files' and folders'. */
function worldNames(): string[] {
  const names = [DEMO_WORLD_SHARER.name, demoWorldShare().name];
  const walk = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      names.push(node.name);
      if ('children' in node) walk(node.children);
    }
  };
  walk(demoWorldShare().tree);
  return names;
}

/** A card of demo-world's sharer whose title is `title`, without pictures. */
const worldCard = (title: string): CardContent => ({
  kind: 'share',
  sharerName: DEMO_WORLD_SHARER.name,
  title,
  details: '9 items · 1.4 MB',
  thumbnails: [],
});

/** The code points a font's cmap maps to a glyph (the card fonts are WOFF files). */
const cmaps = new WeakMap<Font['data'], Set<number>>();
async function codePointsOf(font: Font): Promise<Set<number>> {
  let codes = cmaps.get(font.data);
  if (!codes) {
    const sfnt = sfntOf(await woffTables(new Uint8Array(font.data)));
    codes = new Set(new Face(new HbBlob(sfnt)).collectUnicodes());
    cmaps.set(font.data, codes);
  }
  return codes;
}

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const graphemes = (text: string) =>
  Array.from(new Intl.Segmenter().segment(text), ({ segment }) => segment);

/**
 * Where the title's ink is, column by column: the card drawn into raw pixels by resvg, the dark
 * text colour (the title's, #0f172a) below the header; the grey line under it is left out.
 */
function titleInk(card: CardImage): boolean[] {
  const png = `data:image/png;base64,${card.body.toString('base64')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><image href="${png}" width="1200" height="630"/></svg>`;
  const { pixels, width } = new Resvg(svg).render();
  const ink = Array.from({ length: width }, () => false);
  for (let y = 160; y < 560; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      if ((pixels[at] ?? 255) < 80 && (pixels[at + 2] ?? 255) < 110) ink[x] = true;
    }
  }
  return ink;
}

/** The title's ink from its first column to its last, and the blank runs inside it. */
function inkSpan(card: CardImage): { left: number; width: number; gaps: Array<[number, number]> } {
  const ink = titleInk(card);
  const left = ink.indexOf(true);
  const right = ink.lastIndexOf(true);
  const gaps: Array<[number, number]> = [];
  for (let x = left; x <= right; x++) {
    if (ink[x]) continue;
    const start = x;
    while (!ink[x]) x++;
    gaps.push([start, x]);
  }
  return { left, width: right - left + 1, gaps };
}

describe('link cards in every script', () => {
  it("have a font for every character of demo-world's names, and a picture for every emoji", async () => {
    for (const name of worldNames()) {
      const content = worldCard(`“${name}” and 8 more items`);
      const fonts = await cardFonts(content, 'Nimbus');
      const covered = new Set<number>();
      for (const font of fonts) for (const code of await codePointsOf(font)) covered.add(code);
      const drawn = `${cleanText(DEMO_WORLD_SHARER.name)} ${cleanText(name)}`;
      for (const grapheme of graphemes(drawn)) {
        if (EMOJI.test(grapheme)) {
          assert.ok(await emojiPicture(grapheme), `${name}: no picture for ${grapheme}`);
          continue;
        }
        for (const char of grapheme) {
          const code = char.codePointAt(0) ?? 0;
          const hex = code.toString(16).toUpperCase().padStart(4, '0');
          assert.ok(covered.has(code), `${name}: no font of its card has ${char} (U+${hex})`);
        }
      }
    }
    // Her initial, not the stand-in picture.
    assert.equal(initialOf(DEMO_WORLD_SHARER.name), 'ل');
  });

  it('joins Arabic letters: a word is narrower than its letters drawn apart', async (t) => {
    // Joined, lam and yeh take their narrow initial and medial forms; drawn unshaped (isolated
    // forms side by side) or as missing-glyph boxes, the word is as wide as its letters or wider.
    const word = 'ليلى';
    const joined = inkSpan(await renderCard(worldCard(word), 'Nimbus'));
    let apart = 0;
    for (const letter of word) {
      apart += inkSpan(await renderCard(worldCard(letter), 'Nimbus')).width;
    }
    t.diagnostic(`“${word}” ${joined.width} px, its letters apart ${apart} px`);
    assert.ok(
      joined.width < 0.8 * apart,
      `“${word}” is ${joined.width} px wide, its letters ${apart} px`,
    );
  });

  it('draws right-to-left words right to left: the first word on the right', async (t) => {
    for (const [first, second] of [
      ['صور', 'العائلة'],
      ['ים', 'המלח'],
    ] as const) {
      const widthOf = async (text: string) =>
        inkSpan(await renderCard(worldCard(text), 'Nimbus')).width;
      const [firstWidth, secondWidth] = [await widthOf(first), await widthOf(second)];
      const { left, width, gaps } = inkSpan(
        await renderCard(worldCard(`${first} ${second}`), 'Nimbus'),
      );
      t.diagnostic(
        `“${first} ${second}”: ${width} px from x=${left}, blank at ${gaps.map((gap) => gap.join('-')).join(' ')}; ` +
          `alone ${firstWidth} and ${secondWidth} px`,
      );
      // Right to left, the second word is drawn first from the left, then the space, then the
      // first word: a blank run starts where the second word, drawn alone, would end (a pixel
      // or two either way: antialiasing), and the first word fills the rest.
      const near = (a: number, b: number) => Math.abs(a - b) <= 3;
      assert.ok(
        gaps.some(
          ([start, end]) => near(start - left, secondWidth) && near(left + width - end, firstWidth),
        ),
        `“${first} ${second}” is not “${second}”, a space, “${first}” from the left`,
      );
    }
  });

  it(
    'writes the sample card of every script when asked',
    { skip: !process.env.LINK_CARD_SAMPLES },
    async () => {
      const folder = path.resolve(process.env.LINK_CARD_SAMPLES ?? '.');
      mkdirSync(folder, { recursive: true });
      // Words of demo-world's names, in the scripts its own card does not show (its card, world.jpg,
      // is written by link-previews.test.ts); two lines hold them.
      const title = '“ים המלח” · 长城 · 臺灣 · 東京の桜 · 서울 · दिल्ली · ภูเก็ต · 🎉👨‍👩‍👧‍👦🇫🇷';
      const card = await renderCard(worldCard(title), 'Nimbus');
      writeFileSync(path.join(folder, 'scripts.png'), card.body);
    },
  );
});
