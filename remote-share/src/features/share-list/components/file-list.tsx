import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { SharedItemState } from 'shared-contracts';
import { useTexts } from '../../../lib/host-context';
import type { ListQuery } from '../../../state/share-store';
import { FileTableHeader } from '../table/file-table-header';
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
  /**
   * On desktop: the list is a table whose column headers (Name, Size, Modified) sort it, showing
   * `query` and asking for another with `onSort`.
   */
  table?: { query: ListQuery; onSort(query: ListQuery): void } | undefined;
}

/**
 * The share's rows: a list on phones, a table with sorting column headers on desktop. A short list
 * renders them all; a long one is virtualized against the page scroll, so only the rows on screen
 * are in the DOM (rows-in-view.ts).
 */
export function FileList({
  items,
  loading,
  onOpen,
  onDetails,
  onToggle,
  emptyText,
  emptyHint,
  table,
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
    if (table) {
      return (
        <div className="ns-file-table" role="table" aria-label={t('fileList')} aria-busy="true">
          <FileTableHeader query={table.query} onSort={table.onSort} />
          <div role="row">
            <div role="cell">
              <PlaceholderRows label={t('loading')} />
            </div>
          </div>
        </div>
      );
    }
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
  // A long list's rows past the first arrive with the virtualizer.
  const busy = isLong && !virtualized ? true : undefined;
  const list = (
    <div
      ref={listRef}
      className="ns-file-list"
      role={table ? 'rowgroup' : 'list'}
      aria-label={table ? undefined : t('fileList')}
      aria-busy={table ? undefined : busy}
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
            // A table's rows count from its header row (1); a list's items from 1.
            {...(table
              ? { role: 'row', 'aria-rowindex': index + 2 }
              : { role: 'listitem', 'aria-setsize': items.length, 'aria-posinset': index + 1 })}
            data-index={index}
            className="ns-file-list__slot"
            style={slotStyle(index)}
          >
            <FileRow
              item={item}
              onOpen={onOpen}
              onDetails={onDetails}
              onToggle={onToggle}
              scrolling={rows.scrolling}
              table={table !== undefined}
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
  if (!table) return list;
  return (
    <div
      className="ns-file-table"
      role="table"
      aria-label={t('fileList')}
      aria-rowcount={items.length + 1}
      aria-busy={busy}
    >
      <FileTableHeader query={table.query} onSort={table.onSort} />
      {list}
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
