import { useSnapshot } from 'valtio';
import { DownloadAppDialog } from '../download-app/download-app-dialog';
import { LoginSheet } from '../login/login-sheet';
import { ToastView } from '../toast/toast-view';
import { UpgradeSheetLayer } from '../upgrade-sheet/upgrade-sheet-layer';
import type { Shell } from './create-shell';

/** The global overlays every page has: toasts, the login sheet, dialogs, the upgrade sheet. */
export function OverlayLayer({ shell }: { shell: Shell }) {
  const { host, overlays } = shell;
  const { downloadDialog } = useSnapshot(overlays);
  return (
    <>
      <LoginSheet
        controller={shell.login}
        platform={host.platform}
        language={host.language}
        links={host.config.links}
      />
      <DownloadAppDialog
        open={downloadDialog}
        onClose={() => {
          overlays.downloadDialog = false;
        }}
        config={host.config}
        onStoreClick={(store) => host.events.report('store_click', { store })}
      />
      <UpgradeSheetLayer host={host} overlays={overlays} />
      <ToastView state={shell.toastState} />
    </>
  );
}
