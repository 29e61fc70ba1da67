import { useSnapshot } from 'valtio';
import type { HostServices } from 'shared-contracts';
import { Dialog } from 'ui-kit';
import type { OverlayState } from '../app/overlay-state';
import { shellTranslator } from '../i18n/shell-texts';
import { RemoteFallback, RemoteView } from '../remotes/remote-view';

/** The paid-plan sheet: remote-payments, mounted on the first `upgradeSheet.open()`. */
export function UpgradeSheetLayer({
  host,
  overlays,
}: {
  host: HostServices;
  overlays: OverlayState;
}) {
  const { open, requested } = useSnapshot(overlays.upgradeSheet);
  if (!requested) return null;
  const t = shellTranslator(host.language);
  const close = () => {
    overlays.upgradeSheet.open = false;
  };
  return (
    <RemoteView
      config={host.config}
      language={host.language}
      remote="payments"
      props={{ host, open, onClose: close }}
      renderFallback={(retry) => (
        <Dialog open={open} variant="sheet" title={t('upgrade')} onClose={close}>
          <RemoteFallback language={host.language} onRetry={retry} />
        </Dialog>
      )}
    />
  );
}
