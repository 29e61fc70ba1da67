import { useEffect, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import {
  SHARE_NAME_FILTER_MAX,
  type ShareListOrder,
  type ShareListSort,
  type Translate,
} from 'shared-contracts';
import { useTexts } from '../../../lib/host-context';
import type { TextKey } from '../../../lib/texts';
import { useLatest } from '../../../lib/use-latest';
import type { ListQuery } from '../../../state/share-store';
import { normalizeFilter } from '../list-query';
import './list-toolbar.css';

/**
 * The list has one toolbar: fixed ids, the same in the server's first screen and the app's first
 * render (React's generated ids differ between the two).
 */
const FILTER_ID = 'ns-list-filter';
const SORT_ID = 'ns-list-sort';

/** How long typing pauses before the filter asks the server: one request per word, not per key. */
export const FILTER_DEBOUNCE_MS = 250;

/** A sort menu's choice and its label. */
interface SortChoice {
  sort: ShareListSort;
  order: ShareListOrder;
  label(t: Translate<TextKey>): string;
}

/** The sort menu's choices: each sort in both directions, its usual direction first. */
const SORT_CHOICES: readonly SortChoice[] = [
  { sort: 'name', order: 'asc', label: (t) => t('sortNameAsc') },
  { sort: 'name', order: 'desc', label: (t) => t('sortNameDesc') },
  { sort: 'time', order: 'desc', label: (t) => t('sortNewest') },
  { sort: 'time', order: 'asc', label: (t) => t('sortOldest') },
  { sort: 'size', order: 'desc', label: (t) => t('sortLargest') },
  { sort: 'size', order: 'asc', label: (t) => t('sortSmallest') },
];

const valueOf = (choice: { sort: ShareListSort; order: ShareListOrder }) =>
  `${choice.sort}-${choice.order}`;

/**
 * Above the file list: a name filter (asked of the server once typing pauses; Escape clears it)
 * and, on phones, the sort menu (on desktop the table's column headers sort). `query` is what the
 * list shows; `onChange` asks for another.
 */
export function ListToolbar({
  query,
  onChange,
  sortMenu = true,
  onSearchShare,
  viewSwitch,
}: {
  query: ListQuery;
  onChange(query: ListQuery): void;
  /** Whether the sort menu shows (not beside the desktop table's sorting headers). */
  sortMenu?: boolean;
  /**
   * While text is typed, a button searches the whole share for it (every folder, every depth)
   * instead of filtering this folder.
   */
  onSearchShare?(text: string): void;
  /** The list / grid switch, at the toolbar's end. */
  viewSwitch?: ReactNode;
}) {
  const t = useTexts();
  const [text, setText] = useState(query.filter);
  const latest = useLatest({ query, onChange, text });

  // The filter changed elsewhere (another folder drops it, an address brings one): show it.
  useEffect(() => {
    if (normalizeFilter(latest.current.text) !== query.filter) setText(query.filter);
  }, [query.filter, latest]);

  // Typing: the filter applies once the text has stayed the same for a moment.
  useEffect(() => {
    const filter = normalizeFilter(text);
    if (filter === latest.current.query.filter) return undefined;
    const timer = setTimeout(() => {
      const { query: current, onChange: change } = latest.current;
      if (filter !== current.filter) change({ ...current, filter });
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, latest]);

  const applyNow = (value: string) => {
    const filter = normalizeFilter(value);
    if (filter !== query.filter) onChange({ ...query, filter });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || text === '') return;
    // Only a field with text takes Escape; an empty one lets it reach whatever is around.
    event.preventDefault();
    event.stopPropagation();
    setText('');
    applyNow('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    applyNow(text);
  };

  const selected = valueOf(query);
  return (
    <div className="ns-list-toolbar" role="group" aria-label={t('listTools')}>
      <form role="search" className="ns-list-toolbar__search" onSubmit={onSubmit}>
        <label className="uk-visually-hidden" htmlFor={FILTER_ID}>
          {t('filterByName')}
        </label>
        <input
          id={FILTER_ID}
          className="uk-text-field ns-list-toolbar__field"
          type="search"
          // What the visitor types reads in its own direction, whatever the page's.
          dir="auto"
          value={text}
          maxLength={SHARE_NAME_FILTER_MAX}
          placeholder={t('filterByName')}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </form>
      {onSearchShare && normalizeFilter(text) !== '' ? (
        <button
          type="button"
          className="ns-button ns-button--secondary ns-button--small ns-list-toolbar__whole-share"
          onClick={() => {
            // The text goes to the whole share, not (once its pause ends) to this folder's filter.
            setText(query.filter);
            onSearchShare(normalizeFilter(text));
          }}
        >
          {t('searchWholeShare')}
        </button>
      ) : null}
      {sortMenu ? (
        <div className="ns-list-toolbar__sort">
          <label className="ns-list-toolbar__sort-label" htmlFor={SORT_ID}>
            {t('sortBy')}
          </label>
          <select
            id={SORT_ID}
            className="uk-text-field ns-list-toolbar__field ns-list-toolbar__select"
            value={selected}
            onChange={(event) => {
              const choice = SORT_CHOICES.find((entry) => valueOf(entry) === event.target.value);
              // The typed filter goes along, even while its pause is still running.
              const filter = normalizeFilter(text);
              if (choice) onChange({ sort: choice.sort, order: choice.order, filter });
            }}
          >
            {SORT_CHOICES.map((choice) => (
              <option key={valueOf(choice)} value={valueOf(choice)}>
                {choice.label(t)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {viewSwitch}
    </div>
  );
}
