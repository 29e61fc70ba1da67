import { useCallback, useEffect, useRef, useState } from 'react';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import type { SharedItemState } from 'shared-contracts';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../lib/host-context';
import { FileRow } from './file-row';
import './file-list.css';

export const ROW_HEIGHT = 68;

export interface FileListProps {
  items: readonly SharedItemState[];
  loading: boolean;
  onOpen(item: SharedItemState): void;
  onToggle(id: number): void;
  /** Text of the empty state; 'No files' by default. */
  emptyText?: string;
}

const rowHeight = () => ROW_HEIGHT;

/**
 * The window the server renders a share page's first screen for: tall enough for a desktop's
 * first screen of rows; a taller window gets the rest from the app's first render.
 */
const FIRST_SCREEN_VIEWPORT = { width: 1280, height: 1200 };

/** The share's rows, virtualized against the page scroll: only the rows on screen are in the DOM. */
export function FileList({ items, loading, onOpen, onToggle, emptyText }: FileListProps) {
  const t = useT();
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Where the list starts in the page (the header above it changes with the folder and size).
  // Measured after the paint: it only narrows which rows are in range (a margin of 0 renders the
  // rows on screen and a few more), and measuring before it would force a layout and a second
  // render onto the first paint.
  useEffect(() => {
    const measure = () => {
      const element = listRef.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((previous) => (Math.abs(previous - top) > 0.5 ? top : previous));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [loading, items]);

  // Stable across renders: a new function would make the virtualizer re-measure every item (10,000
  // in a large folder) on each scroll step.
  const getItemKey = useCallback((index: number) => items[index]?.id ?? index, [items]);
  // The window's size from the first render on: the virtualizer would otherwise start from 0 x 0,
  // render no rows, then render again before the first paint once it has read the size.
  const [initialRect] = useState(() =>
    typeof window === 'undefined'
      ? FIRST_SCREEN_VIEWPORT
      : { width: window.innerWidth, height: window.innerHeight },
  );
  // The virtualizer takes the window on from the frame after the list mounts. Taking it on reads
  // the window's size and scrolls it, and doing so in the commit that mounts the list would force a
  // layout of the whole new page inside that commit's task (tens of milliseconds on a slow phone);
  // the frame lays the page out anyway. Until then it works from `initialRect` and the page's scroll.
  const [scrollWindow, setScrollWindow] = useState<Window | null>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setScrollWindow(window));
    return () => cancelAnimationFrame(frame);
  }, []);
  // The row that has the focus stays rendered while the page scrolls (PageDown, a screen
  // reader's virtual cursor): removing it would drop the focus to the page.
  const focusedIndex = useRef<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const focused = focusedIndex.current;
    if (focused === null || focused >= range.count || indexes.includes(focused)) return indexes;
    return [...indexes, focused].sort((a, b) => a - b);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: rowHeight,
    overscan: 3,
    scrollMargin,
    getItemKey,
    initialRect,
    rangeExtractor,
    getScrollElement: () => scrollWindow,
  });

  if (loading) return <Spinner label={t('loading')} />;
  if (items.length === 0) return <p className="ns-file-list__empty">{emptyText ?? t('noFiles')}</p>;

  const virtualItems = virtualizer.getVirtualItems();
  return (
    <div
      ref={listRef}
      className="ns-file-list"
      role="list"
      aria-label={t('fileList')}
      style={{ height: virtualizer.getTotalSize() }}
      onFocus={(event) => {
        const slot = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
        focusedIndex.current = slot ? Number(slot.dataset.index) : null;
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          focusedIndex.current = null;
        }
      }}
    >
      {virtualItems.map((row) => {
        const item = items[row.index];
        if (!item) return null;
        return (
          <div
            key={row.key}
            role="listitem"
            data-index={row.index}
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            className="ns-file-list__slot"
            style={{
              height: ROW_HEIGHT,
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            <FileRow
              item={item}
              onOpen={onOpen}
              onToggle={onToggle}
              scrolling={virtualizer.isScrolling}
            />
          </div>
        );
      })}
    </div>
  );
}
