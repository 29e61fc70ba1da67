import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { SharedItemState } from 'shared-contracts';
import { useDirection, useTexts } from '../../../lib/host-context';
import { rootFontSize, sameRowsInView, type RowsInView } from '../components/rows-in-view';
import {
  columnsForWidth,
  gridMove,
  GRID_ROW_HEIGHT_REM,
  isGridKey,
  MIN_COLUMNS,
  rowCountOf,
} from './grid-layout';
import { GridTile } from './grid-tile';
import './file-grid.css';

const ListVirtualizer = lazy(
  () => import(/* webpackChunkName: "list-virtualizer" */ '../components/list-virtualizer'),
);

/** Up to this many rows of tiles the grid renders them all; past it the virtualizer chooses. */
const ROWS_WITHOUT_VIRTUALIZER = 12;

export interface FileGridProps {
  items: readonly SharedItemState[];
  onOpen(item: SharedItemState): void;
  onDetails(item: SharedItemState): void;
  onToggle(id: number, range: boolean): void;
}

/**
 * The grid's width in columns: measured, and again as it changes. Null in the server's render,
 * which knows no width: its tiles flow in CSS columns of the same rule (`ns-file-grid--fluid`).
 */
function useColumns(gridRef: RefObject<HTMLDivElement | null>): number | null {
  const [columns, setColumns] = useState(() =>
    typeof window === 'undefined' ? null : columnsForWidth(window.innerWidth - 32, rootFontSize()),
  );
  useLayoutEffect(() => {
    const element = gridRef.current;
    if (!element) return undefined;
    const measure = () => setColumns(columnsForWidth(element.clientWidth, rootFontSize()));
    measure();
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resizes?.observe(element);
    return () => resizes?.disconnect();
  }, [gridRef]);
  return columns;
}

/**
 * The share's items as a grid of tiles (docs/product.md, "The grid"): rows of as many tiles as
 * the width holds, virtualized against the page scroll like the list (its virtualizer, counting
 * rows of tiles). One tile is the grid's focus stop; the arrow keys move it (Left and Right
 * mirrored in a right-to-left page), Home and End go to the first and last; Enter opens, Space
 * selects (with Shift, a range).
 */
export function FileGrid({ items, onOpen, onDetails, onToggle }: FileGridProps) {
  const t = useTexts();
  const rtl = useDirection() === 'rtl';
  const gridRef = useRef<HTMLDivElement>(null);
  const measured = useColumns(gridRef);
  // The server's render lays its rows out by CSS: every tile, rows of the fewest columns.
  const fluid = measured === null;
  const columns = measured ?? MIN_COLUMNS;
  const rowCount = rowCountOf(items.length, columns);
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, items.length - 1);
  const focusWanted = useRef(false);
  const focusedRow = useRef<number | null>(null);
  // One entry per row (its first tile): what the virtualizer counts and keys its rows by.
  const rowLeaders = useMemo(
    () => items.filter((_, index) => index % columns === 0),
    [items, columns],
  );
  const isLong = rowCount > ROWS_WITHOUT_VIRTUALIZER;
  const [reported, setReported] = useState<RowsInView | null>(null);
  const onRowsInView = useCallback(
    (rows: RowsInView | null) =>
      setReported((previous) =>
        previous && rows && sameRowsInView(previous, rows) ? previous : rows,
      ),
    [],
  );
  const shownRows =
    isLong && reported
      ? reported.indexes
      : Array.from(
          { length: fluid ? rowCount : Math.min(rowCount, ROWS_WITHOUT_VIRTUALIZER) },
          (_, row) => row,
        );
  const scrolling = reported?.scrolling ?? false;

  // The tile the keys moved to takes the focus once it is rendered (scrolled to first if not).
  useEffect(() => {
    if (!focusWanted.current) return;
    const tile = gridRef.current?.querySelector<HTMLElement>(`[data-tile-index="${activeIndex}"]`);
    if (tile) {
      focusWanted.current = false;
      tile.focus();
      return;
    }
    const grid = gridRef.current;
    if (!grid) return;
    const row = Math.floor(activeIndex / columns);
    const rowPx = GRID_ROW_HEIGHT_REM * rootFontSize();
    const top = grid.getBoundingClientRect().top + window.scrollY + row * rowPx;
    window.scrollTo({ top: Math.max(0, top - window.innerHeight / 3) });
  }, [activeIndex, columns, shownRows]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const index = Number(target.dataset.tileIndex);
    if (!Number.isInteger(index)) return;
    const item = items[index];
    if (event.key === ' ' && item) {
      event.preventDefault();
      onToggle(item.id, event.shiftKey);
      return;
    }
    if (!isGridKey(event.key) || event.altKey || event.metaKey) return;
    const next = gridMove(event.key, index, items.length, columns, rtl);
    event.preventDefault();
    if (next === null) return;
    focusWanted.current = true;
    focusedRow.current = Math.floor(next / columns);
    setActive(next);
  };

  return (
    <div
      ref={gridRef}
      className={fluid ? 'ns-file-grid ns-file-grid--fluid' : 'ns-file-grid'}
      role="grid"
      aria-label={t('fileList')}
      aria-rowcount={rowCount}
      aria-colcount={columns}
      style={fluid ? undefined : { height: `${rowCount * GRID_ROW_HEIGHT_REM}rem` }}
      onKeyDown={onKeyDown}
      // A Space's keyup would click the focused tile's button in some browsers: it selected.
      onKeyUp={(event) => {
        if (event.key === ' ') event.preventDefault();
      }}
      onFocus={(event) => {
        const index = Number((event.target as HTMLElement).dataset.tileIndex);
        if (!Number.isInteger(index)) return;
        focusedRow.current = Math.floor(index / columns);
        if (index !== active) setActive(index);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          focusedRow.current = null;
        }
      }}
    >
      {shownRows.map((row) => (
        <div
          key={rowLeaders[row]?.id ?? row}
          role="row"
          aria-rowindex={row + 1}
          className="ns-file-grid__row"
          style={
            fluid
              ? undefined
              : {
                  gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                  transform: `translateY(${row * GRID_ROW_HEIGHT_REM}rem)`,
                }
          }
        >
          {items.slice(row * columns, row * columns + columns).map((item, column) => {
            const index = row * columns + column;
            return (
              <GridTile
                key={item.id}
                item={item}
                index={index}
                active={index === activeIndex}
                scrolling={scrolling}
                onOpen={onOpen}
                onDetails={onDetails}
                onToggle={onToggle}
              />
            );
          })}
        </div>
      ))}
      {isLong && typeof window !== 'undefined' ? (
        <Suspense fallback={null}>
          <ListVirtualizer
            items={rowLeaders}
            listRef={gridRef}
            focusedIndex={focusedRow}
            onChange={onRowsInView}
            rowHeightRem={GRID_ROW_HEIGHT_REM}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
