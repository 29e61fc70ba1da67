import { columnsForWidth, gridMove, rowCountOf } from './grid-layout';

describe('columnsForWidth', () => {
  it('fits as many tiles of 7rem as the width holds, 2 to 10', () => {
    // 320 px phone: 288 px of content.
    expect(columnsForWidth(288, 16)).toBe(2);
    // 412 px phone: 380 px of content.
    expect(columnsForWidth(380, 16)).toBe(3);
    expect(columnsForWidth(1000, 16)).toBe(8);
    expect(columnsForWidth(5000, 16)).toBe(10);
  });

  it('makes fewer, larger tiles with larger text', () => {
    expect(columnsForWidth(380, 32)).toBe(2);
    expect(columnsForWidth(1000, 32)).toBe(4);
  });

  it('says 2 for a width it cannot read', () => {
    expect(columnsForWidth(0, 16)).toBe(2);
    expect(columnsForWidth(Number.NaN, 16)).toBe(2);
  });

  it('counts the rows', () => {
    expect(rowCountOf(10, 3)).toBe(4);
    expect(rowCountOf(9, 3)).toBe(3);
    expect(rowCountOf(0, 3)).toBe(0);
  });
});

describe('gridMove', () => {
  // 10 tiles in rows of 3: 0 1 2 / 3 4 5 / 6 7 8 / 9
  const move = (key: Parameters<typeof gridMove>[0], index: number, rtl = false) =>
    gridMove(key, index, 10, 3, rtl);

  it('moves left and right along the tiles, across rows', () => {
    expect(move('ArrowRight', 0)).toBe(1);
    expect(move('ArrowRight', 2)).toBe(3);
    expect(move('ArrowLeft', 3)).toBe(2);
    expect(move('ArrowLeft', 0)).toBeNull();
    expect(move('ArrowRight', 9)).toBeNull();
  });

  it('mirrors left and right in a right-to-left page', () => {
    expect(move('ArrowLeft', 0, true)).toBe(1);
    expect(move('ArrowRight', 1, true)).toBe(0);
    expect(move('ArrowRight', 0, true)).toBeNull();
  });

  it('moves up and down a row', () => {
    expect(move('ArrowDown', 1)).toBe(4);
    expect(move('ArrowUp', 4)).toBe(1);
    expect(move('ArrowUp', 1)).toBeNull();
    // Into the shorter last row: its last tile.
    expect(move('ArrowDown', 8)).toBe(9);
    expect(move('ArrowDown', 6)).toBe(9);
    expect(move('ArrowDown', 9)).toBeNull();
  });

  it('goes to the first and last tile with Home and End', () => {
    expect(move('Home', 7)).toBe(0);
    expect(move('End', 2)).toBe(9);
    expect(move('Home', 0)).toBeNull();
  });

  it('does nothing in an empty grid', () => {
    expect(gridMove('ArrowDown', 0, 0, 3, false)).toBeNull();
  });
});
