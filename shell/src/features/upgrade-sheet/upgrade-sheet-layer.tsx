import { useSnapshot } from 'valtio';
import type { HostServices } from 'shared-contracts';
import { Dialog } from 'ui-kit';
import { shellTexts } from '../../lib/i18n/shell-texts';
import { RemoteFallback, RemoteView } from '../../components/remote-view';
import type { UpgradeSheetState } from './upgrade-sheet-service';

/** The paid-plan sheet: remote-payments, mounted on the first `upgradeSheet.open()`. */
export function UpgradeSheetLayer({
  host,
  sheet,
}: {
  host: HostServices;
  sheet: UpgradeSheetState;
}) {
  const { open, requested } = useSnapshot(sheet);
  if (!requested) return null;
  const t = shellTexts(host.language);
  const close = () => {
    sheet.open = false;
  };
  return (
    <RemoteView
      config={host.config}
      language={host.language}
      remote="payments"
      props={{ host, open, onClose: close }}
      renderFallback={(retry) => (
        <Dialog
          open={open}
          variant="sheet"
          title={t('upgrade')}
          closeLabel={t('close')}
          onClose={close}
        >
          <RemoteFallback language={host.language} onRetry={retry} />
        </Dialog>
      )}
    />
  );
}
