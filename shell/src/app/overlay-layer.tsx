import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { DialogPending, useOpenedOnce } from 'ui-kit';
import { shellTranslator } from '../lib/i18n/shell-texts';
import { ToastView } from '../features/toast/toast-view';
import type { Shell } from './create-shell';

// Loaded on first use: a share page's first screen shows none of them (README, "Performance").
const LoginSheet = lazy(() =>
  import('../features/login/login-sheet').then((module) => ({ default: module.LoginSheet })),
);
const DownloadAppDialog = lazy(() =>
  import('../features/download-app/download-app-dialog').then((module) => ({
    default: module.DownloadAppDialog,
  })),
);

const UpgradeSheetLayer = lazy(() =>
  import('../features/upgrade-sheet/upgrade-sheet-layer').then((module) => ({
    default: module.UpgradeSheetLayer,
  })),
);

/**
 * The global overlays every page has: toasts, the login sheet, dialogs, the upgrade sheet. Each
 * has its own Suspense boundary, so one that loads never hides another that is open.
 */
export function OverlayLayer({ shell }: { shell: Shell }) {
  const { host, overlays } = shell;
  const { downloadDialog } = useSnapshot(overlays);
  const { open: loginOpen } = useSnapshot(shell.login.state);
  const loginMounted = useOpenedOnce(loginOpen);
  const downloadMounted = useOpenedOnce(downloadDialog);
  const upgradeRequested = useSnapshot(overlays.upgradeSheet).requested;
  // Shown while a dialog's code loads: the tap paints at once.
  const pending = <DialogPending label={shellTranslator(host.language)('loading')} />;
  return (
    <>
      <Suspense fallback={loginOpen ? pending : null}>
        {loginMounted && (
          <LoginSheet
            controller={shell.login}
            platform={host.platform}
            language={host.language}
            links={host.config.links}
          />
        )}
      </Suspense>
      <Suspense fallback={downloadDialog ? pending : null}>
        {downloadMounted && (
          <DownloadAppDialog
            open={downloadDialog}
            onClose={() => {
              overlays.downloadDialog = false;
            }}
            config={host.config}
            language={host.language}
            onStoreClick={(store) => host.events.report('store_click', { store })}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {upgradeRequested && <UpgradeSheetLayer host={host} sheet={overlays.upgradeSheet} />}
      </Suspense>
      <ToastView state={shell.toastState} />
    </>
  );
}
