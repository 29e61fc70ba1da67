import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { DialogPending, useOpenedOnce } from 'ui-kit';
import { shellTexts } from '../lib/i18n/shell-texts';
import { DownloadAppLayer } from '../features/download-app/download-app-layer';
import { ToastView } from '../features/toast/toast-view';
import type { Shell } from './create-shell';

// Loaded on first use: a share page's first screen shows none of them (docs/performance.md,
// "What loads only when used").
const LoginSheet = lazy(() =>
  import('../features/login/login-sheet').then((module) => ({ default: module.LoginSheet })),
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
  const { host } = shell;
  const { open: loginOpen } = useSnapshot(shell.login.state);
  const loginMounted = useOpenedOnce(loginOpen);
  const upgradeRequested = useSnapshot(shell.upgradeSheet).requested;
  const t = shellTexts(host.language);
  // Shown while a dialog's code loads: the tap paints at once.
  const pending = <DialogPending label={t('loading')} />;
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
      <DownloadAppLayer dialog={shell.downloadApp} host={host} />
      <Suspense fallback={null}>
        {upgradeRequested && <UpgradeSheetLayer host={host} sheet={shell.upgradeSheet} />}
      </Suspense>
      <ToastView state={shell.toastState} />
    </>
  );
}
