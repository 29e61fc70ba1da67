/**
 * The grid's geometry, in rem like the list's rows (rows-in-view.ts), so it grows with the
 * browser's text size: tiles at least TILE_MIN_REM wide, as many to a row as fit, every row
 * GRID_ROW_HEIGHT_REM high (the thumbnail's box, two lines of name, the gap).
 */
export const TILE_MIN_REM = 7;
export const GRID_GAP_REM = 0.75;
export const GRID_ROW_HEIGHT_REM = 11.5;
/**
 * Never fewer columns than this, even at 320 px with large text; nor more than MAX_COLUMNS on a
 * wide screen. file-grid.css's `ns-file-grid--fluid` (the server's grid) has the same rule.
 */
export const MIN_COLUMNS = 2;
const MAX_COLUMNS = 10;

/** How many tiles a row of `widthPx` holds, for a rem of `remPx` px. */
export function columnsForWidth(widthPx: number, remPx: number): number {
  if (!(widthPx > 0) || !(remPx > 0)) return MIN_COLUMNS;
  const tile = TILE_MIN_REM * remPx;
  const gap = GRID_GAP_REM * remPx;
  const fit = Math.floor((widthPx + gap) / (tile + gap));
  return Math.min(MAX_COLUMNS, Math.max(MIN_COLUMNS, fit));
}

/** The number of rows `count` tiles make in rows of `columns`. */
export function rowCountOf(count: number, columns: number): number {
  return Math.ceil(count / Math.max(1, columns));
}

/** The keys that move the focus in the grid. */
export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

export function isGridKey(key: string): key is GridKey {
  return ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(key);
}

/**
 * Where a key moves the focus from tile `index` of `count` in rows of `columns`: Left and Right
 * go to the tile before and after (mirrored in a right-to-left page, where the next tile is on
 * the left), Up and Down a row (Down from the last row's tiles stays; into a shorter last row it
 * goes to its last tile), Home and End to the first and last tile (with Ctrl, the same). Null
 * when the focus stays where it is.
 */
export function gridMove(
  key: GridKey,
  index: number,
  count: number,
  columns: number,
  rtl: boolean,
): number | null {
  if (count <= 0) return null;
  const next = (() => {
    switch (key) {
      case 'ArrowRight':
        return rtl ? index - 1 : index + 1;
      case 'ArrowLeft':
        return rtl ? index + 1 : index - 1;
      case 'ArrowUp':
        return index - columns;
      case 'ArrowDown': {
        const below = index + columns;
        if (below < count) return below;
        // A row below that is shorter than this one: its last tile.
        return rowCountOf(index + 1, columns) < rowCountOf(count, columns) ? count - 1 : index;
      }
      case 'Home':
        return 0;
      case 'End':
        return count - 1;
    }
  })();
  if (next < 0 || next >= count || next === index) return null;
  return next;
}
