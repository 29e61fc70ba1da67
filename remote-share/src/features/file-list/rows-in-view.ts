export const ROW_HEIGHT = 68;

/**
 * Up to this many rows a list renders them all; a longer one is virtualized against the page
 * scroll (list-virtualizer.tsx, loaded when first needed) and renders its first rows until then.
 * A screen and a half of a desktop's rows: the server's first screen and the app's first render
 * show the same rows, whatever the window.
 */
export const ROWS_WITHOUT_VIRTUALIZER = 30;

/** The rows a list renders (by index, ascending), and whether the page is scrolling. */
export interface RowsInView {
  indexes: number[];
  scrolling: boolean;
}

/** Before the virtualizer has said otherwise: every row of a short list, the first rows of a long one. */
export function firstRowsInView(count: number): RowsInView {
  const shown = Math.min(count, ROWS_WITHOUT_VIRTUALIZER);
  return { indexes: Array.from({ length: shown }, (_, index) => index), scrolling: false };
}

export function sameRowsInView(a: RowsInView, b: RowsInView): boolean {
  return (
    a.scrolling === b.scrolling &&
    a.indexes.length === b.indexes.length &&
    a.indexes.every((index, position) => b.indexes[position] === index)
  );
}
