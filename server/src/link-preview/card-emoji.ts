/*
 * Emoji on a card, in colour: satori asks for a picture of each emoji it meets, and gets the
 * emoji's glyph from Noto Color Emoji (@fontsource/noto-color-emoji), drawn once into a PNG.
 *
 * Why a picture and not a font: that font's glyphs are colour layers (COLR) and SVG documents
 * (its 'SVG ' table), and neither satori (opentype.js outlines) nor resvg 2.6 draws colour fonts.
 * The SVG documents are plain SVG, which resvg draws. HarfBuzz finds an emoji's glyph: a family
 * or a flag is one glyph made of several code points, joined by the font's ligatures.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { renderAsync } from '@resvg/resvg-js';
import type * as HarfBuzz from 'harfbuzzjs';
import { holds, loadHarfBuzz, packageSubsets } from './card-fonts';
import { sfntOf, woffTables } from './woff';

const require = createRequire(import.meta.url);
const gunzipAsync = promisify(gunzip);

const FAMILY = 'noto-color-emoji';
/** An emoji is at most 68 px on a card (a title's): twice that keeps it sharp. */
const PICTURE_PX = 136;
/** What HarfBuzz needs to find a glyph and its advance: not the drawings, megabytes. */
const SHAPING_TABLES = ['cmap', 'GSUB', 'head', 'hhea', 'hmtx', 'maxp', 'OS/2'];

interface EmojiFont {
  font: HarfBuzz.Font;
  /** The 'SVG ' table: the glyphs' drawings. */
  svg: Buffer;
}

/** The subsets' fonts read so far: 11 at most, their SVG tables 21 MB all told. */
const fonts = new Map<string, Promise<EmojiFont | null>>();

function emojiFont(id: string): Promise<EmojiFont | null> {
  let font = fonts.get(id);
  if (!font) {
    const file = require.resolve(`@fontsource/${FAMILY}/files/${FAMILY}-${id}-400-normal.woff`);
    font = (async () => {
      const [hb, woff] = await Promise.all([loadHarfBuzz(), readFile(file)]);
      const tables = await woffTables(woff);
      const svg = tables.get('SVG ');
      if (!svg) return null;
      const shaping = new Map([...tables].filter(([tag]) => SHAPING_TABLES.includes(tag)));
      return { font: new hb.Font(new hb.Face(new hb.Blob(sfntOf(shaping)))), svg };
    })();
    // A failed read is not kept: the next card tries again.
    font.catch(() => fonts.delete(id));
    fonts.set(id, font);
  }
  return font;
}

/** Joiners and presentation selectors: every subset has them, so they pick none. */
const SHARED = new Set([0x200d, 0xfe0e, 0xfe0f]);

/** The subset whose ranges hold every code point of an emoji. */
function subsetOf(emoji: string): string | null {
  const codes = Array.from(emoji, (char) => char.codePointAt(0) ?? 0).filter(
    (code) => !SHARED.has(code),
  );
  const subset = packageSubsets(FAMILY).find((candidate) =>
    codes.every((code) => holds(candidate, code)),
  );
  return subset?.id ?? null;
}

/** The SVG document that draws a glyph (OpenType's 'SVG ' table), unzipped. */
async function svgDocument(table: Buffer, glyph: number): Promise<string | null> {
  const list = table.readUInt32BE(2);
  const count = table.readUInt16BE(list);
  for (let index = 0; index < count; index++) {
    const entry = list + 2 + index * 12;
    if (glyph < table.readUInt16BE(entry) || glyph > table.readUInt16BE(entry + 2)) continue;
    const start = list + table.readUInt32BE(entry + 4);
    const bytes = table.subarray(start, start + table.readUInt32BE(entry + 8));
    const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
    return (gzipped ? await gunzipAsync(bytes) : bytes).toString('utf8');
  }
  return null;
}

/** The element that starts at `start`: `<tag …/>`, or `<tag …>` to its own `</tag>`. */
function elementAt(document: string, start: number): string {
  const tag = /^<([\w:-]+)/.exec(document.slice(start, start + 64))?.[1];
  const openEnd = document.indexOf('>', start);
  if (!tag || openEnd < 0) return '';
  if (document[openEnd - 1] === '/') return document.slice(start, openEnd + 1);
  const tags = new RegExp(`<${tag}[\\s/>]|</${tag}>`, 'g');
  tags.lastIndex = openEnd + 1;
  let depth = 1;
  for (let match = tags.exec(document); match; match = tags.exec(document)) {
    if (match[0].startsWith('</')) depth--;
    else if (document[document.indexOf('>', match.index) - 1] !== '/') depth++;
    if (depth === 0) return document.slice(start, tags.lastIndex);
  }
  return '';
}

/**
 * A glyph's drawing (`<g id="glyphN">`) and what it uses, by id: one document holds up to
 * thousands of glyphs (5 MB for the people), which resvg would take seconds to read.
 */
function glyphElements(document: string, glyph: number): string[] {
  const elements: string[] = [];
  const ids = [`glyph${glyph}`];
  const seen = new Set<string>();
  for (let id = ids.pop(); id !== undefined; id = ids.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const at = document.indexOf(` id="${id}"`);
    const element = at < 0 ? '' : elementAt(document, document.lastIndexOf('<', at));
    if (!element) continue;
    elements.push(element);
    for (const [, used] of element.matchAll(/(?:href="#|url\(#)([^")]+)/g)) {
      if (used) ids.push(used);
    }
  }
  return elements;
}

/** An emoji's glyph as an SVG image of its own, or null when the font has none for it. */
async function emojiSvg(emoji: string): Promise<string | null> {
  const id = subsetOf(emoji);
  const font = id === null ? null : await emojiFont(id);
  if (!font) return null;
  const hb = await loadHarfBuzz();
  const buffer = new hb.Buffer();
  buffer.addText(emoji);
  buffer.guessSegmentProperties();
  hb.shape(font.font, buffer);
  // A sequence the font has no ligature for shapes to its parts: the first one stands for it.
  const glyph = buffer.getGlyphInfos().find((info) => info.codepoint !== 0)?.codepoint;
  const document = glyph === undefined ? null : await svgDocument(font.svg, glyph);
  if (glyph === undefined || document === null) return null;
  const [drawing, ...used] = glyphElements(document, glyph);
  if (!drawing) return null;
  // The glyph's units are the font's, its y axis points down from the baseline.
  const { ascender, descender } = font.font.hExtents();
  const advance = font.font.glyphHAdvance(glyph);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"` +
    ` width="${PICTURE_PX}" height="${PICTURE_PX}" viewBox="0 ${-ascender} ${advance} ${ascender - descender}">` +
    `<defs>${used.join('')}</defs>${drawing}</svg>`
  );
}

/** Pictures drawn so far, by emoji (a card that repeats one draws it once). */
const pictures = new Map<string, Promise<string | null>>();
/** Every emoji there is, some 4,000, fits; anything else a name holds does not grow the map. */
const MAX_PICTURES = 5000;

/**
 * An emoji's picture as a PNG data URI, or null when Noto Color Emoji has no glyph for it. Drawn
 * off the event loop, once per process.
 */
export function emojiPicture(emoji: string): Promise<string | null> {
  let picture = pictures.get(emoji);
  if (!picture) {
    picture = emojiSvg(emoji).then(async (svg) => {
      if (svg === null) return null;
      const image = await renderAsync(svg, { font: { loadSystemFonts: false } });
      return `data:image/png;base64,${image.asPng().toString('base64')}`;
    });
    picture.catch(() => pictures.delete(emoji));
    if (pictures.size < MAX_PICTURES) pictures.set(emoji, picture);
  }
  return picture;
}
