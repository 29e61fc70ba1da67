/**
 * A row's height, in rem so that it grows with the browser's text size (the viewport is locked
 * at scale 1: that setting is how a visitor gets bigger text): 68 px at the default 16 px, 136 px
 * at 200 %. The rows' places are set in rem too, so the server's first screen, which cannot
 * measure anything, lays them out as the browser will.
 */
export const ROW_HEIGHT_REM = 4.25;

/** What a rem is when the page's cannot be read (the browser's default). */
const DEFAULT_ROOT_FONT_SIZE = 16;

/** The page's rem in px, as the browser computes it (its text-size setting); 16 when unknown. */
export function rootFontSize(): number {
  if (typeof document === 'undefined') return DEFAULT_ROOT_FONT_SIZE;
  const size = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : DEFAULT_ROOT_FONT_SIZE;
}

/** A row's height in px for a rem of `remPx` px: what the virtualizer counts in. */
export function rowHeightPx(remPx: number, heightRem = ROW_HEIGHT_REM): number {
  return heightRem * remPx;
}

/** The list's height: every row's, rendered or not, so the page keeps its length. */
export function listHeight(count: number): string {
  return `${count * ROW_HEIGHT_REM}rem`;
}

/** A row's slot: its height and its place from the list's top. */
export function slotStyle(index: number): { height: string; transform: string } {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS value
  return { height: `${ROW_HEIGHT_REM}rem`, transform: `translateY(${index * ROW_HEIGHT_REM}rem)` };
}

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
