import {
  fileSizeOf,
  formatSize,
  sizeInLanguage,
  type FileSize,
  type SizeWords,
} from './format-size';

describe('formatSize', () => {
  it.each([
    [undefined, null],
    [null, null],
    [-1, null],
    [Number.NaN, null],
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '2 KB'],
    [1024 * 1023, '1023 KB'],
    [1024 * 1024, '1.0 MB'],
    [1024 * 1024 * 1.55, '1.6 MB'],
    [1024 ** 3, '1.00 GB'],
    [1024 ** 3 * 2.345, '2.35 GB'],
  ])('%p → %p', (bytes, expected) => {
    expect(formatSize(bytes)).toBe(expected);
  });
});

describe('sizeInLanguage', () => {
  /** An app's words for the units, as English and German write them. */
  const words: SizeWords = {
    B: (size) => `${size} B`,
    KB: (size) => `${size} KB`,
    MB: (size) => `${size} MB`,
    GB: (size) => `${size} GB`,
  };
  const sizeOf = (bytes: number): FileSize =>
    fileSizeOf(bytes) ?? { value: 0, unit: 'B', fractionDigits: 0 };

  it("writes the number through Intl in the language, with the unit in the app's words", () => {
    expect(sizeInLanguage(sizeOf(512), 'en', words)).toBe('512 B');
    expect(sizeInLanguage(sizeOf(1024 * 1024 * 1.55), 'en', words)).toBe('1.6 MB');
    expect(sizeInLanguage(sizeOf(1024 ** 3 * 2.345), 'de', words)).toBe('2,35 GB');
  });

  it('writes Latin digits without grouping in every language', () => {
    expect(sizeInLanguage(sizeOf(1023), 'ar', words)).toBe('1023 B');
    expect(sizeInLanguage(sizeOf(1024 * 1023), 'hi', words)).toBe('1023 KB');
  });
});
