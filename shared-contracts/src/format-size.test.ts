import { formatSize } from './format-size';

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
