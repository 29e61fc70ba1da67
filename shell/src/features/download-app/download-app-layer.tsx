import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import type { HostServices } from 'shared-contracts';
import { DialogPending, useOpenedOnce } from 'ui-kit';
import { shellTexts } from '../../lib/i18n/shell-texts';
import { shareAddressOf } from '../../lib/page/page-share';
import type { DownloadAppDialogState } from './download-app-service';

// Loaded on first use (with its QR codes): a share page's first screen shows none of it.
const DownloadAppDialog = lazy(() =>
  import('./download-app-dialog').then((module) => ({ default: module.DownloadAppDialog })),
);

/** The download-app dialog as `downloadDialog.open()` opens it; a tap on a store reports it. */
export function DownloadAppLayer({
  dialog,
  host,
}: {
  dialog: DownloadAppDialogState;
  host: Pick<HostServices, 'config' | 'language' | 'events'>;
}) {
  const { open } = useSnapshot(dialog);
  const mounted = useOpenedOnce(open);
  const t = shellTexts(host.language);
  // Shown while the dialog's code loads: the tap paints at once.
  const pending = <DialogPending label={t('loading')} />;
  return (
    <Suspense fallback={open ? pending : null}>
      {mounted && (
        <DownloadAppDialog
          open={open}
          onClose={() => {
            dialog.open = false;
          }}
          config={host.config}
          language={host.language}
          onStoreClick={(store) => host.events.report('store_click', { store })}
          shareAddress={shareAddressOf(window.location)}
        />
      )}
    </Suspense>
  );
}
