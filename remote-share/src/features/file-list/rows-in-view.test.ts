import { firstRowsInView, ROWS_WITHOUT_VIRTUALIZER, sameRowsInView } from './rows-in-view';

describe('rows in view', () => {
  it('starts with every row of a short list and the first rows of a long one', () => {
    expect(firstRowsInView(3)).toEqual({ indexes: [0, 1, 2], scrolling: false });
    expect(firstRowsInView(10_000).indexes).toHaveLength(ROWS_WITHOUT_VIRTUALIZER);
    expect(firstRowsInView(0).indexes).toEqual([]);
  });

  it('tells an unchanged report from a changed one', () => {
    const rows = { indexes: [4, 5, 6], scrolling: false };
    expect(sameRowsInView(rows, { indexes: [4, 5, 6], scrolling: false })).toBe(true);
    expect(sameRowsInView(rows, { indexes: [4, 5, 6], scrolling: true })).toBe(false);
    expect(sameRowsInView(rows, { indexes: [5, 6, 7], scrolling: false })).toBe(false);
    expect(sameRowsInView(rows, { indexes: [4, 5], scrolling: false })).toBe(false);
  });
});
