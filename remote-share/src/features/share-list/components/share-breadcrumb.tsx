import { useLayoutEffect, useRef } from 'react';
import type { FolderPathEntry } from 'shared-contracts';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/host-context';

/** The path inside the share; a crumb loads its folder; the bar scrolls to its end on change. */
export function ShareBreadcrumb({
  path,
  onNavigate,
}: {
  path: readonly FolderPathEntry[];
  onNavigate(index: number): void;
}) {
  const t = useT();
  const barRef = useRef<HTMLOListElement>(null);
  const key = path.map((entry) => entry.id).join('/');
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (bar) bar.scrollLeft = bar.scrollWidth;
  }, [key]);
  return (
    <nav className="ns-breadcrumb" aria-label={t('breadcrumb')}>
      <ol ref={barRef} className="ns-breadcrumb__list">
        {path.map((entry, index) => {
          const last = index === path.length - 1;
          return (
            <li key={`${entry.id}-${index}`} className="ns-breadcrumb__item">
              {index > 0 ? <ChevronRightIcon size={14} /> : null}
              {last ? (
                // A long name ends in an ellipsis: its tooltip holds it whole.
                <span className="ns-breadcrumb__current" aria-current="page" title={entry.name}>
                  {entry.name}
                </span>
              ) : (
                <button
                  type="button"
                  className="ns-breadcrumb__link"
                  title={entry.name}
                  onClick={() => onNavigate(index)}
                >
                  {entry.name}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
