/*
 * User text (names, titles) made safe for a card: the card's fonts draw Latin, Greek and Cyrillic
 * and no emoji, and a name can be any length.
 */

/** User text is cut this short before layout: no card shows more, and layout costs per glyph. */
const MAX_TEXT_CHARS = 240;

/** The scripts the card's fonts (Inter) draw; the avatar shows an initial only from these. */
const DRAWABLE_INITIAL = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}]$/u;
/** Control characters and bidi overrides: user data must not reorder or hide the card's text. */
const INVISIBLE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/**
 * Emoji and their joiners, variation selectors, skin tones and flags: there is no emoji font, so
 * they are left out with the space before them (©, ® and ™, which Inter draws, stay).
 */
const EMOJI =
  /\s*(?:(?![\u00a9\u00ae\u2122])\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0e|\ufe0f|\u20e3)+/gu;

/** User text made safe to lay out: one line, trimmed, and no longer than any card shows. */
export function cleanText(text: string): string {
  // Composed ('É' as one character, for the initial); line breaks and tabs become spaces before
  // the controls go, so no two words run together.
  const oneLine = text
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(INVISIBLE, '')
    .replace(EMOJI, '')
    .replace(/\s+/g, ' ')
    .trim();
  // By code point, so a cut never splits a surrogate pair.
  const chars = Array.from(oneLine);
  return chars.length > MAX_TEXT_CHARS ? chars.slice(0, MAX_TEXT_CHARS).join('') : oneLine;
}

/** The avatar's letter, or null when the name does not start with one the font can draw. */
export function initialOf(name: string): string | null {
  const first = new Intl.Segmenter().segment(name)[Symbol.iterator]().next().value?.segment;
  if (first === undefined || !DRAWABLE_INITIAL.test(first)) return null;
  const upper = first.toUpperCase();
  // 'ß' upper-cases to 'SS': keep one letter.
  return Array.from(upper).length === 1 ? upper : first;
}
