import { extractCodesMatch, normalizeExtractCode, trimExtractCode } from './extract-code';

describe('the extract-code field (trimmed, then cut to 4 characters)', () => {
  it.each([
    [' ab12', 'ab12'],
    ['ab12 ', 'ab12'],
    ['\tab12\n', 'ab12'],
    ['\u00A0ab12\u3000', 'ab12'],
    ['\u200Bab12\u200B', 'ab12'],
    ['  ab12xyz', 'ab12'],
    ['AB12', 'AB12'],
    ['ab', 'ab'],
    ['   ', ''],
    ['', ''],
  ])('keeps %j as %j', (raw, kept) => {
    expect(normalizeExtractCode(raw)).toBe(kept);
  });

  it('keeps a space inside a code, which is part of what was typed', () => {
    expect(normalizeExtractCode('a b12')).toBe('a b1');
  });

  it('trims without cutting', () => {
    expect(trimExtractCode(' ab123 ')).toBe('ab123');
  });
});

describe('matching a code (case and whitespace around it aside)', () => {
  it.each(['ab12', 'AB12', 'Ab12', ' ab12', 'ab12\n', '\u200BAB12 '])('%j is ab12', (given) => {
    expect(extractCodesMatch(given, 'ab12')).toBe(true);
  });

  it.each(['ab1', 'ab123', 'a b12', 'zzzz', ''])('%j is not ab12', (given) => {
    expect(extractCodesMatch(given, 'ab12')).toBe(false);
  });
});
