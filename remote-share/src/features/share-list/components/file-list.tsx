import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { SharedItemState } from 'shared-contracts';
import { useTexts } from '../../../lib/host-context';
import { FileRow } from './file-row';
import {
  firstRowsInView,
  listHeight,
  ROWS_WITHOUT_VIRTUALIZER,
  sameRowsInView,
  slotStyle,
  type RowsInView,
} from './rows-in-view';
import './file-list.css';

const ListVirtualizer = lazy(
  () => import(/* webpackChunkName: "list-virtualizer" */ './list-virtualizer'),
);

/** The virtualizer follows the window's scroll: the server's first screen renders without it. */
const IN_BROWSER = typeof window !== 'undefined';

export interface FileListProps {
  items: readonly SharedItemState[];
  loading: boolean;
  onOpen(item: SharedItemState): void;
  onDetails(item: SharedItemState): void;
  onToggle(id: number, range: boolean): void;
  /** Text of the empty state; 'No files' by default. */
  emptyText?: ReactNode;
  /** A line under it saying why nothing is here (an empty share, an empty folder). */
  emptyHint?: string;
}

/**
 * The share's rows. A short list renders them all; a long one is virtualized against the page
 * scroll, so only the rows on screen are in the DOM (rows-in-view.ts).
 */
export function FileList({
  items,
  loading,
  onOpen,
  onDetails,
  onToggle,
  emptyText,
  emptyHint,
}: FileListProps) {
  const t = useTexts();
  const listRef = useRef<HTMLDivElement>(null);
  const focusedIndex = useRef<number | null>(null);
  const isLong = items.length > ROWS_WITHOUT_VIRTUALIZER;
  // What the virtualizer last reported; null while it is not running. Kept while more of the
  // folder arrives, so the rows on screen stay the same elements until it reports again.
  const [reported, setReported] = useState<RowsInView | null>(null);
  const onRowsInView = useCallback(
    (rows: RowsInView | null) =>
      setReported((previous) =>
        previous && rows && sameRowsInView(previous, rows) ? previous : rows,
      ),
    [],
  );

  // The list stays while a folder loads, busy, so a screen reader keeps its place in it.
  if (loading) {
    return (
      <div className="ns-file-list" role="list" aria-label={t('fileList')} aria-busy="true">
        <PlaceholderRows label={t('loading')} />
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="ns-file-list__empty">
        <p className="ns-file-list__empty-title">{emptyText ?? t('noFiles')}</p>
        {emptyHint ? <p className="ns-file-list__empty-hint">{emptyHint}</p> : null}
      </div>
    );
  }

  const virtualized = isLong && reported !== null;
  const rows = virtualized ? reported : firstRowsInView(items.length);
  return (
    <div
      ref={listRef}
      className="ns-file-list"
      role="list"
      aria-label={t('fileList')}
      // A long list's rows past the first arrive with the virtualizer.
      aria-busy={isLong && !virtualized ? true : undefined}
      style={{ height: listHeight(items.length) }}
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
      {rows.indexes.map((index) => {
        const item = items[index];
        if (!item) return null;
        return (
          <div
            key={item.id}
            role="listitem"
            data-index={index}
            aria-setsize={items.length}
            aria-posinset={index + 1}
            className="ns-file-list__slot"
            style={slotStyle(index)}
          >
            <FileRow
              item={item}
              onOpen={onOpen}
              onDetails={onDetails}
              onToggle={onToggle}
              scrolling={rows.scrolling}
            />
          </div>
        );
      })}
      {isLong && IN_BROWSER ? (
        <Suspense fallback={null}>
          <ListVirtualizer
            items={items}
            listRef={listRef}
            focusedIndex={focusedIndex}
            onChange={onRowsInView}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** How many grey rows stand for a folder whose items are on their way. */
const PLACEHOLDER_ROWS = 6;

/** A folder loading: rows' shapes where its items will be, announced as loading. */
function PlaceholderRows({ label }: { label: string }) {
  return (
    <div className="ns-file-list__placeholders" role="status" aria-label={label}>
      {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
        <div key={index} className="ns-file-list__placeholder" aria-hidden="true">
          <span className="ns-file-list__placeholder-thumb" />
          <span className="ns-file-list__placeholder-lines">
            <span className="ns-file-list__placeholder-line" />
            <span className="ns-file-list__placeholder-line ns-file-list__placeholder-line--short" />
          </span>
        </div>
      ))}
    </div>
  );
}
