import { useLayoutEffect, useRef } from 'react';
import type { FolderPathEntry } from 'shared-contracts';
import { ChevronForwardIcon } from '../../../components/ui/icons';
import { TypedName } from '../../../components/ui/name-in-text';
import { useDirection, useTexts } from '../../../lib/host-context';

/**
 * The path inside the share; a crumb loads its folder; the bar scrolls to its end on change. Each
 * name is isolated (`<bdi>`): it reads in its own direction, the path in the page's.
 */
export function ShareBreadcrumb({
  path,
  onNavigate,
}: {
  path: readonly FolderPathEntry[];
  onNavigate(index: number): void;
}) {
  const t = useTexts();
  const direction = useDirection();
  const barRef = useRef<HTMLOListElement>(null);
  const key = path.map((entry) => entry.id).join('/');
  useLayoutEffect(() => {
    const bar = barRef.current;
    // The path's end: right to left, it is at the left, where scrollLeft runs negative.
    if (bar) bar.scrollLeft = direction === 'rtl' ? -bar.scrollWidth : bar.scrollWidth;
  }, [key, direction]);
  return (
    <nav className="ns-breadcrumb" aria-label={t('breadcrumb')}>
      <ol ref={barRef} className="ns-breadcrumb__list">
        {path.map((entry, index) => {
          const last = index === path.length - 1;
          return (
            <li key={`${entry.id}-${index}`} className="ns-breadcrumb__item">
              {index > 0 ? <ChevronForwardIcon size={14} /> : null}
              {last ? (
                // In full, however long: it wraps (file-list.css).
                <span className="ns-breadcrumb__current" aria-current="page">
                  <TypedName name={entry.name} />
                </span>
              ) : (
                <button
                  type="button"
                  className="ns-breadcrumb__link"
                  title={entry.name}
                  onClick={() => onNavigate(index)}
                >
                  <TypedName name={entry.name} />
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
