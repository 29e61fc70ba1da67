import {
  fileSizeOf,
  formatSize,
  sizeInLanguage,
  type FileSize,
  type SizeTextId,
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
  /** A catalog's size words, as English and German write them. */
  const words: Record<SizeTextId, string> = {
    sizeBytes: '{size} B',
    sizeKilobytes: '{size} KB',
    sizeMegabytes: '{size} MB',
    sizeGigabytes: '{size} GB',
  };
  const t = (id: SizeTextId, { size }: { size: string }) => words[id].replace('{size}', size);
  const sizeOf = (bytes: number): FileSize =>
    fileSizeOf(bytes) ?? { value: 0, unit: 'B', fractionDigits: 0 };

  it('writes the number through Intl in the language, with the unit from the catalog', () => {
    expect(sizeInLanguage(sizeOf(512), 'en', t)).toBe('512 B');
    expect(sizeInLanguage(sizeOf(1024 * 1024 * 1.55), 'en', t)).toBe('1.6 MB');
    expect(sizeInLanguage(sizeOf(1024 ** 3 * 2.345), 'de', t)).toBe('2,35 GB');
  });

  it('writes Latin digits without grouping in every language', () => {
    expect(sizeInLanguage(sizeOf(1023), 'ar', t)).toBe('1023 B');
    expect(sizeInLanguage(sizeOf(1024 * 1023), 'hi', t)).toBe('1023 KB');
  });
});
