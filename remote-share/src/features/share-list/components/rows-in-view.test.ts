import {
  firstRowsInView,
  listHeight,
  rootFontSize,
  rowHeightPx,
  ROWS_WITHOUT_VIRTUALIZER,
  sameRowsInView,
  slotStyle,
} from './rows-in-view';

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

describe("rows sized by the browser's text size", () => {
  afterEach(() => {
    document.documentElement.style.fontSize = '';
  });

  it('lays rows out in rem, the same in the server’s render and the browser', () => {
    expect(listHeight(3)).toBe('12.75rem');
    expect(slotStyle(0)).toEqual({ height: '4.25rem', transform: 'translateY(0rem)' });
    expect(slotStyle(2)).toEqual({ height: '4.25rem', transform: 'translateY(8.5rem)' });
  });

  it('counts 68 px a row at the default 16 px, and 136 px at 200 %', () => {
    expect(rowHeightPx(16)).toBe(68);
    expect(rowHeightPx(32)).toBe(136);
  });

  it("reads the page's rem, and falls back to 16 px when it cannot", () => {
    document.documentElement.style.fontSize = '32px';
    expect(rootFontSize()).toBe(32);
    document.documentElement.style.fontSize = '';
    const computed = jest
      .spyOn(window, 'getComputedStyle')
      .mockReturnValue({ fontSize: '' } as CSSStyleDeclaration);
    expect(rootFontSize()).toBe(16);
    computed.mockRestore();
  });
});
