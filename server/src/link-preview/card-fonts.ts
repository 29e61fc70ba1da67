/*
 * The cards' fonts: Inter for Latin, Greek and Cyrillic, and Noto for the other scripts a name or
 * the card's own words (in the page's language) are written in, read only when a card needs them.
 *
 * Each font is an npm package (@fontsource) split, as Google Fonts serves it, into subsets that
 * each cover a range of code points (its unicode.json lists them, as its CSS files' unicode-range
 * does). A Chinese name needs a handful of the 100 subsets of Noto Sans SC, not 70 MB: a card
 * gets the subsets whose ranges hold its characters and whose fonts have them. What was read is
 * kept for the next card, the same Buffer, so satori parses each font once per process.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as HarfBuzz from 'harfbuzzjs';
import type { Font } from 'satori';
import { sfntOf, woffTables } from './woff';

const require = createRequire(import.meta.url);

/** The card's text is regular (names, the line under the title) or bold (titles, initials). */
const WEIGHTS = [400, 700] as const;
type Weight = (typeof WEIGHTS)[number];

/** Inter's subsets read for every card: English's words, and most languages' and names'. */
const INTER_ALWAYS: readonly string[] = ['latin', 'latin-ext', 'cyrillic', 'greek'];

/** Han is shared by Chinese, Japanese and Korean, and each font draws it its own way. */
const HAN = ['noto-sans-sc', 'noto-sans-tc', 'noto-sans-jp', 'noto-sans-kr'];
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;

/**
 * The packages a character is looked up in, in turn (the first that has it wins): Inter's other
 * subsets (Vietnamese, extended Greek and Cyrillic), then one Noto font a script.
 */
function familiesFor(text: string, language?: string): string[] {
  // A Japanese or Korean text's Han is drawn the Japanese or Korean way, a Traditional Chinese
  // card's the traditional way, any other simplified first, then traditional for the rest.
  const other = language === 'zh-Hant' ? 'noto-sans-tc' : null;
  const first = KANA.test(text) ? 'noto-sans-jp' : HANGUL.test(text) ? 'noto-sans-kr' : other;
  const han = first ? [first, ...HAN.filter((family) => family !== first)] : HAN;
  return [
    'inter',
    'noto-sans-arabic',
    'noto-sans-hebrew',
    'noto-sans-devanagari',
    'noto-sans-thai',
    ...han,
  ];
}

interface Subset {
  family: string;
  /** The subset's part of its files' names: 'arabic', or '42' for '[42]'. */
  id: string;
  ranges: Array<readonly [number, number]>;
}

/** 'U+0600-06FF,U+200C' as code point ranges. */
function parseRanges(list: string): Array<readonly [number, number]> {
  return list.split(',').map((range) => {
    const [from = '0', to = from] = range.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to, 16)] as const;
  });
}

const subsetsOf = new Map<string, Subset[]>();

/** A package's subsets, from its unicode.json (read the first time a text needs the package). */
export function packageSubsets(family: string): Subset[] {
  let list = subsetsOf.get(family);
  if (!list) {
    const ranges = require(`@fontsource/${family}/unicode.json`) as Record<string, string>;
    list = Object.entries(ranges).map(([name, codes]) => ({
      family,
      id: name.replace(/[[\]]/g, ''),
      ranges: parseRanges(codes),
    }));
    subsetsOf.set(family, list);
  }
  return list;
}

export const holds = (subset: Subset, code: number) =>
  subset.ranges.some(([from, to]) => code >= from && code <= to);

const lookedUpOf = new Map<string, Subset[]>();

/** A package's subsets that are looked up: the Noto fonts' Latin is Inter's, as is Inter's own. */
function lookedUp(family: string): Subset[] {
  let list = lookedUpOf.get(family);
  if (!list) {
    const skipped = family === 'inter' ? INTER_ALWAYS : ['latin', 'latin-ext'];
    list = packageSubsets(family).filter((subset) => !skipped.includes(subset.id));
    lookedUpOf.set(family, list);
  }
  return list;
}

/** Whether Inter's always-read subsets cover a code point. */
const inInter = (code: number) =>
  packageSubsets('inter').some((subset) => INTER_ALWAYS.includes(subset.id) && holds(subset, code));

/** Emoji are drawn as pictures (card-emoji.ts): no font is read for them. */
const EMOJI_PART =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3/u;

/** HarfBuzz's WebAssembly, loaded the first time a card has a name in another script. */
let harfBuzz: Promise<typeof HarfBuzz> | undefined;
export const loadHarfBuzz = () => (harfBuzz ??= import('harfbuzzjs'));

const fontFile = (family: string, id: string, weight: Weight) =>
  require.resolve(`@fontsource/${family}/files/${family}-${id}-${weight}-normal.woff`);

/** The tables HarfBuzz reads a font's characters from. */
const COVERAGE_TABLES = ['cmap', 'head', 'maxp'];

/** The code points a subset's font really has, by subset. */
const coverageOf = new Map<Subset, Promise<Set<number>>>();

/**
 * What a subset's font has. Its unicode.json range is the range of its slice, the same for every
 * CJK font of Google Fonts: Noto Sans SC's slice 21 names Korean syllables it has no glyph for.
 */
function coverage(subset: Subset): Promise<Set<number>> {
  let codes = coverageOf.get(subset);
  if (!codes) {
    codes = (async () => {
      const [hb, woff] = await Promise.all([
        loadHarfBuzz(),
        readFile(fontFile(subset.family, subset.id, 400)),
      ]);
      // Its character map is all that is read: HarfBuzz gets no outlines to copy.
      const tables = await woffTables(woff);
      const cmap = new Map([...tables].filter(([tag]) => COVERAGE_TABLES.includes(tag)));
      return new Set(new hb.Face(new hb.Blob(sfntOf(cmap))).collectUnicodes());
    })().catch(() => {
      // A font that cannot be read has nothing: the card is drawn without it (its characters as
      // boxes), and the next card tries again.
      coverageOf.delete(subset);
      return new Set<number>();
    });
    coverageOf.set(subset, codes);
  }
  return codes;
}

/**
 * The subsets a text needs beyond Inter's always-read ones: for each character, the first
 * family's subset whose range holds it and whose font has it. A character that no font has is
 * left to satori, which draws a box for it.
 */
async function subsetsFor(text: string, families: string[]): Promise<Set<Subset>> {
  const needed = new Set<Subset>();
  for (const char of new Set(text)) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80 || EMOJI_PART.test(char) || inInter(code)) continue;
    for (const family of families) {
      const subset = lookedUp(family).find((candidate) => holds(candidate, code));
      if (subset && (await coverage(subset)).has(code)) {
        needed.add(subset);
        break;
      }
    }
  }
  return needed;
}

/** Satori tells fonts apart by name: each subset is a family of its own, tried in turn. */
const fontName = (family: string, id: string) => `${family}-${id}`;

/**
 * The cards' font-family: Inter's always-read subsets. Satori then falls back to the other fonts
 * a card was given, in their order.
 */
export const FONT_FAMILY = INTER_ALWAYS.map((id) => fontName('inter', id)).join(', ');

/** Fonts read so far, by file, the most recently used last. */
const kept = new Map<string, Promise<Font>>();
/**
 * A few dozen cards' worth (a Chinese name needs up to 20 files): without a bound, a server that
 * drew every CJK subset would keep them all, hundreds of MB.
 */
const MAX_KEPT_FONTS = 400;

function readFont(family: string, id: string, weight: Weight): Promise<Font> {
  const file = fontFile(family, id, weight);
  let font = kept.get(file);
  if (font) {
    kept.delete(file);
  } else {
    font = readFile(file).then((data): Font => ({
      name: fontName(family, id),
      data,
      weight,
      style: 'normal',
    }));
    // A failed read is not kept: the next card tries again.
    font.catch(() => kept.delete(file));
  }
  kept.set(file, font);
  if (kept.size > MAX_KEPT_FONTS) kept.delete(kept.keys().next().value ?? file);
  return font;
}

let interFonts: Promise<Font[]> | undefined;

/**
 * Inter's always-read subsets. The same array is handed to every card that needs no other font:
 * satori keeps its parsed fonts and shaped words per array.
 */
export function loadCardFonts(): Promise<Font[]> {
  interFonts ??= Promise.all(
    INTER_ALWAYS.flatMap((id) => WEIGHTS.map((weight) => readFont('inter', id, weight))),
  );
  interFonts.catch(() => {
    interFonts = undefined;
  });
  return interFonts;
}

/** A card's text by weight: each weight of a subset is a file of its own. */
export interface CardText {
  regular: string;
  bold: string;
  /** The language of the card's own words (Traditional Chinese picks its Han font). */
  language?: string;
}

/**
 * The fonts of a card that shows `text`: Inter first, then the subsets its characters need, in
 * lookup order, in the weights that draw them.
 */
export async function fontsFor(text: CardText): Promise<Font[]> {
  const inter = await loadCardFonts();
  // One lookup order for the whole card: a Japanese name draws the title's Han the Japanese way.
  const families = familiesFor(text.regular + text.bold, text.language);
  const regular = await subsetsFor(text.regular, families);
  const bold = await subsetsFor(text.bold, families);
  if (regular.size === 0 && bold.size === 0) return inter;
  // In lookup order, which is the order satori falls back in: it draws a character with the
  // first of a card's fonts that has it.
  const reads: Array<Promise<Font>> = [];
  for (const family of families) {
    for (const subset of lookedUp(family)) {
      if (regular.has(subset)) reads.push(readFont(family, subset.id, 400));
      if (bold.has(subset)) reads.push(readFont(family, subset.id, 700));
    }
  }
  return [...inter, ...(await Promise.all(reads))];
}
