import { useEffect, useRef, type ReactNode } from 'react';
import type { ShareSearchItem } from 'shared-contracts';
import { NAME_SLOT, NameInText } from '../../components/ui/name-in-text';
import { useTexts } from '../../lib/host-context';
import type { ShareSearchState } from './use-share-search';
import './search-results.css';
import '../../components/ui/open-cover.css';

export interface SearchResultsProps {
  /** The text the whole share was searched for. */
  text: string;
  search: ShareSearchState;
  /** A result chosen: a folder opens, a file shows in its folder. */
  onOpen(item: ShareSearchItem): void;
  /** Back to the folder the search started in. */
  onClose(): void;
  /** The result's type icon (the list's own icons). */
  renderIcon(item: ShareSearchItem): ReactNode;
}

/**
 * The whole share searched (docs/product.md, "Search in the whole share"): a heading with the
 * text, the count said aloud as it changes, each result's name, type icon and the folders it is
 * in, more results on request, and an empty state.
 */
export function SearchResults({ text, search, onOpen, onClose, renderIcon }: SearchResultsProps) {
  const t = useTexts();
  const heading = useRef<HTMLHeadingElement>(null);
  const { results, loading, failed, hasMore, loadMore } = search;
  const firstLoading = loading && results.pages === 0;

  // A new search moves the focus to its heading: a screen reader says where the visitor is.
  useEffect(() => {
    heading.current?.focus();
  }, [text]);

  return (
    <section className="ns-search" aria-labelledby="ns-search-heading">
      <div className="ns-search__head">
        <h2 id="ns-search-heading" ref={heading} tabIndex={-1} className="ns-search__title">
          <NameInText message={t('searchResultsFor', { q: NAME_SLOT })} name={text} />
        </h2>
        <button
          type="button"
          className="ns-button ns-button--secondary ns-button--small"
          onClick={onClose}
        >
          {t('searchBack')}
        </button>
      </div>
      <p className="ns-search__count" role="status">
        {firstLoading ? t('loading') : failed ? '' : t('searchResultCount', { n: results.total })}
      </p>
      {failed ? (
        <p className="ns-search__failed" role="alert">
          {t('searchFailed')}
        </p>
      ) : null}
      {!loading && !failed && results.pages > 0 && results.items.length === 0 ? (
        <p className="ns-search__empty">
          <NameInText message={t('searchNoResults', { q: NAME_SLOT })} name={text} />
        </p>
      ) : null}
      {results.items.length > 0 ? (
        <ul className="ns-search__list" aria-label={t('searchResults')}>
          {results.items.map((item) => (
            <li key={item.id} className="ns-search__result">
              <span className="ns-search__icon" aria-hidden="true">
                {renderIcon(item)}
              </span>
              <span className="ns-search__text">
                <button
                  type="button"
                  className="ns-search__open ns-open-cover"
                  title={item.name}
                  aria-describedby={`ns-search-path-${item.id}`}
                  onClick={() => onOpen(item)}
                >
                  <bdi>{item.name}</bdi>
                </button>
                <span className="ns-search__path" id={`ns-search-path-${item.id}`}>
                  {item.path.length === 0
                    ? t('searchInRoot')
                    : item.path.map((folder, index) => (
                        <span key={folder.id}>
                          {/* Seen as 'A › B', heard as 'A, B'. */}
                          {index > 0 ? (
                            <>
                              <span aria-hidden="true">
                                {' '}
                                <span className="ns-search__separator">›</span>{' '}
                              </span>
                              <span className="uk-visually-hidden">, </span>
                            </>
                          ) : null}
                          <bdi>{folder.name}</bdi>
                        </span>
                      ))}
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {hasMore ? (
        <button
          type="button"
          className="ns-button ns-button--secondary ns-search__more"
          aria-disabled={loading}
          onClick={() => {
            if (!loading) loadMore();
          }}
        >
          {t('searchLoadMore')}
        </button>
      ) : null}
    </section>
  );
}
