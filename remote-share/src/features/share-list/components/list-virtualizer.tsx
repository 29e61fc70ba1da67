import { useCallback, useEffect, useState, type RefObject } from 'react';
import {
  defaultRangeExtractor,
  useWindowVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import type { SharedItemState } from 'shared-contracts';
import { ROW_HEIGHT_REM, rootFontSize, rowHeightPx, type RowsInView } from './rows-in-view';

/**
 * The window the server renders a share page's first screen for: tall enough for a desktop's
 * first screen of rows; a taller window gets the rest from the app's first render.
 */
const FIRST_SCREEN_VIEWPORT = { width: 1280, height: 1200 };

export interface ListVirtualizerProps {
  items: readonly SharedItemState[];
  /** The list's element: where it starts in the page. */
  listRef: RefObject<HTMLDivElement | null>;
  /** The row that has the focus (the list notes it), kept in range while the page scrolls. */
  focusedIndex: RefObject<number | null>;
  /** The rows in view as they change; null once the virtualizer is gone. */
  onChange(rows: RowsInView | null): void;
  /** A row's height in rem: the list's by default, the grid's for its rows of tiles. */
  rowHeightRem?: number;
}

/**
 * The virtualizer of a long list, its own chunk (`list-virtualizer`, 10 KB gzip): loaded only
 * when a list is longer than a screen and a half, so a share page's start-up never downloads it.
 * It renders nothing: it follows the page's scroll and tells the list which rows are in view;
 * the list renders them, so the rows it showed before this loaded stay the same elements (and
 * keep the focus).
 */
export default function ListVirtualizer({
  items,
  listRef,
  focusedIndex,
  onChange,
  rowHeightRem = ROW_HEIGHT_REM,
}: ListVirtualizerProps) {
  const [scrollMargin, setScrollMargin] = useState(0);
  // The rows are 4.25rem high (rows-in-view.ts): in px, what the browser's text size makes of
  // it (the list's rows grow with it; at 200 % they are 136 px).
  const [rowHeight, setRowHeight] = useState(() => rowHeightPx(rootFontSize(), rowHeightRem));
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);

  // Where the list starts in the page (the header above it changes with the folder and size),
  // and the rows' height. Measured after the paint: it only narrows which rows are in range (a
  // margin of 0 renders the rows on screen and a few more), and measuring before it would force
  // a layout and a second render onto the first paint. Again when the window or the list's size
  // changes: the list is as tall as its rows in rem, so a new text size, set with the page open,
  // resizes it.
  useEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((previous) => (Math.abs(previous - top) > 0.5 ? top : previous));
      const height = rowHeightPx(rootFontSize(), rowHeightRem);
      setRowHeight((previous) => (Math.abs(previous - height) > 0.5 ? height : previous));
    };
    measure();
    window.addEventListener('resize', measure);
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resizes?.observe(element);
    return () => {
      window.removeEventListener('resize', measure);
      resizes?.disconnect();
    };
  }, [items, listRef, rowHeightRem]);

  // Stable across renders: a new function would make the virtualizer re-measure every item (10,000
  // in a large folder) on each scroll step.
  const getItemKey = useCallback((index: number) => items[index]?.id ?? index, [items]);
  // The window's size from the first render on: the virtualizer would otherwise start from 0 x 0
  // and report no rows, then report again once it has read the size.
  const [initialRect] = useState(() =>
    typeof window === 'undefined'
      ? FIRST_SCREEN_VIEWPORT
      : { width: window.innerWidth, height: window.innerHeight },
  );
  // The virtualizer takes the window on from the frame after it mounts. Taking it on reads the
  // window's size and scrolls it, and doing so in the commit that mounts it would force a layout
  // of the whole new page inside that commit's task (tens of milliseconds on a slow phone); the
  // frame lays the page out anyway. Until then it works from `initialRect` and the page's scroll.
  const [scrollWindow, setScrollWindow] = useState<Window | null>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setScrollWindow(window));
    return () => cancelAnimationFrame(frame);
  }, []);
  // The row that has the focus stays rendered while the page scrolls (PageDown, a screen
  // reader's virtual cursor): removing it would drop the focus to the page.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const focused = focusedIndex.current;
      if (focused === null || focused >= range.count || indexes.includes(focused)) return indexes;
      return [...indexes, focused].sort((a, b) => a - b);
    },
    [focusedIndex],
  );
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize,
    overscan: 3,
    scrollMargin,
    getItemKey,
    initialRect,
    rangeExtractor,
    getScrollElement: () => scrollWindow,
    // As the page scrolls: the rows in view, or whether it is scrolling, changed.
    onChange: (instance) => onChange(rowsInViewOf(instance)),
  });
  // Rows of a new height: the virtualizer forgets the sizes it had and places them again.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);
  // The first rows in view, and again when the items, the list's place or the rows' height change.
  useEffect(() => {
    onChange(rowsInViewOf(virtualizer));
  }, [virtualizer, onChange, items, scrollMargin, rowHeight]);
  // Gone (the folder is loading, or the list became short): the next long list starts afresh.
  useEffect(() => () => onChange(null), [onChange]);
  return null;
}

function rowsInViewOf(virtualizer: Virtualizer<Window, Element>): RowsInView {
  return {
    indexes: virtualizer.getVirtualItems().map((row) => row.index),
    scrolling: virtualizer.isScrolling,
  };
}
