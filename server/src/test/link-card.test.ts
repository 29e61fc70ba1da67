/*
 * The link-preview card image (issue 29): every kind is a 1200×630 picture under the chat apps'
 * 300 KB, user text of any length or script does not break it, and the cards that stand for a
 * protected or closed share hold nothing of it.
 *
 * LINK_CARD_SAMPLES=<folder> writes the sample cards of docs/link-previews/ there.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { encode as encodeJpeg } from 'jpeg-js';
import { cleanText, initialOf } from '../link-preview/card-text';
import {
  loadCardFonts,
  MAX_CARD_BYTES,
  renderCard,
  type CardContent,
  type CardImage,
} from '../link-preview/render-card';

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

  it('leaves out emoji and controls, and cuts user text to what a card shows', () => {
    assert.equal(cleanText('Family 👨‍👩‍👧 trip 🏖️'), 'Family trip');
    assert.equal(cleanText('“Fotos 🇫🇷”\n2025 ©'), '“Fotos” 2025 ©');
    assert.equal(cleanText('\u202eevil\u0007'), 'evil');
    assert.equal(Array.from(cleanText('😀a'.repeat(400))).length, 240);
    assert.equal(initialOf('sam'), 'S');
    assert.equal(initialOf('ßlorp'), 'ß');
    assert.equal(initialOf('Élodie'), 'É');
    assert.equal(initialOf('王小明'), null);
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
