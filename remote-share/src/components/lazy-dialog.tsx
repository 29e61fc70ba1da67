import { lazy, Suspense, type ComponentType } from 'react';
import { DialogPending, useOpenedOnce } from 'ui-kit';
import { useTexts } from '../lib/host-context';

/**
 * A dialog whose code loads when it first opens (the first screen's JavaScript has a budget:
 * docs/performance.md), showing `DialogPending` meanwhile. It stays mounted from then on, so it
 * can animate closed.
 */
export function lazyDialog<Props extends { open: boolean }>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: Props) {
    const t = useTexts();
    const opened = useOpenedOnce(props.open);
    if (!opened) return null;
    return (
      <Suspense fallback={props.open ? <DialogPending label={t('loading')} /> : null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
