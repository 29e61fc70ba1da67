/*
 * User text (names, titles) made safe for a card: one line, no control that could reorder or
 * hide the card's words, and no longer than a card shows. Any script is kept: card-fonts.ts
 * finds a font for it, and card-emoji.ts a picture for each emoji.
 */

/** User text is cut this short before layout: no card shows more, and layout costs per glyph. */
const MAX_TEXT_GRAPHEMES = 240;

/**
 * A letter or digit of a script the card's fonts draw (card-fonts.ts), for the avatar's initial;
 * not a mark or a sign of those scripts (an Arabic comma, the Thai currency sign).
 */
const DRAWABLE_INITIAL =
  /^(?=[\p{L}\p{Nd}])[\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Arabic}\p{sc=Hebrew}\p{sc=Devanagari}\p{sc=Thai}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{Nd}]/u;
/**
 * Control characters and bidi marks, embeddings, overrides and isolates: user data must not
 * reorder or hide the card's text (the bidi algorithm orders each script's run by itself).
 */
const INVISIBLE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

const graphemes = (text: string) =>
  Array.from(new Intl.Segmenter().segment(text), ({ segment }) => segment);

/** User text made safe to lay out: one line, trimmed, and no longer than any card shows. */
export function cleanText(text: string): string {
  // Composed ('É' as one character, for the initial); line breaks and tabs become spaces before
  // the controls go, so no two words run together.
  const oneLine = text
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim();
  // By grapheme, so a cut never parts a letter from its marks or splits an emoji's sequence.
  if (oneLine.length <= MAX_TEXT_GRAPHEMES) return oneLine;
  const parts = graphemes(oneLine);
  return parts.length > MAX_TEXT_GRAPHEMES ? parts.slice(0, MAX_TEXT_GRAPHEMES).join('') : oneLine;
}

/**
 * The avatar's initial: the name's first grapheme (a letter with its marks: 'É', 'हि', '王'), or
 * null when the name does not start with a letter or digit a card font draws.
 */
export function initialOf(name: string): string | null {
  const first = graphemes(name)[0];
  if (first === undefined || !DRAWABLE_INITIAL.test(first)) return null;
  const upper = first.toUpperCase();
  // 'ß' upper-cases to 'SS': keep one letter.
  return graphemes(upper).length === 1 ? upper : first;
}
