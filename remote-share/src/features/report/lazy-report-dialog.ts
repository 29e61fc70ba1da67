import { lazyDialog } from '../../components/lazy-dialog';

/** The report dialog, its code loaded when it first opens. */
export const LazyReportDialog = lazyDialog(() =>
  import('./report-dialog').then((module) => module.ReportDialog),
);
