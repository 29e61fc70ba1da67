import { lazyDialog } from '../../../components/lazy-dialog';

/** The details panel, its code loaded when it first opens. */
export const LazyDetailsPanel = lazyDialog(() =>
  import('./details-panel').then((module) => module.DetailsPanel),
);
