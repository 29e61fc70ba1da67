import type { HostServices, SiteLanguage } from 'shared-contracts';
import type { RuntimeConfig } from 'shared-contracts/page';
import { createApiClient } from '../services/api/api-client';
import type { AxiosAdapter } from 'axios';
import { createAppBridge } from '../services/app-bridge/app-bridge';
import { createSimulatedBridge } from '../services/app-bridge/simulated-bridge';
import { createDeepLinks } from '../services/deep-links/deep-links';
import { createEventReporter } from '../services/events/event-reporter';
import { pageLanguage } from '../lib/i18n/page-language';
import { createIdentityAdapter } from '../features/login/identity/create-identity-adapter';
import type { IdentityAdapter } from '../features/login/identity/identity-adapter';
import { createLoginController, type LoginController } from '../features/login/login-controller';
import { createAddress } from '../services/address/address';
import { createPageTitle } from '../services/page-title/page-title';
import { createPlatformState } from '../services/platform/platform';
import { registerConfiguredRemotes } from '../lib/remotes/load-remote-module';
import { createSession } from '../services/session/session-service';
import { createToastService, type ToastState } from '../features/toast/toast-service';
import {
  createDownloadAppDialog,
  type DownloadAppDialogState,
} from '../features/download-app/download-app-service';
import {
  createUpgradeSheet,
  type UpgradeSheetState,
} from '../features/upgrade-sheet/upgrade-sheet-service';

/** Everything the shell's overlay layer renders from, and the HostServices handed to remotes. */
export interface Shell {
  host: HostServices;
  toastState: ToastState;
  login: LoginController;
  downloadApp: DownloadAppDialogState;
  upgradeSheet: UpgradeSheetState;
  dispose(): void;
}

export interface ShellOptions {
  win?: Window;
  storage?: Storage;
  /** Tests answer API calls with their own axios adapter. */
  adapter?: AxiosAdapter;
  /** Tests provide their own identity adapter. */
  identity?: IdentityAdapter;
  /** The page's language, when the start-up has read it already (else read from the page). */
  language?: SiteLanguage;
}

/** Builds the one HostServices of the page from the runtime config. */
export function createShell(config: RuntimeConfig, options: ShellOptions = {}): Shell {
  const win = options.win ?? window;
  const storage = options.storage ?? win.localStorage;
  const toast = createToastService();
  const platform = createPlatformState(win);
  const language = options.language ?? pageLanguage(win.document.documentElement);

  let apiRef: HostServices['api'] | null = null;
  const session = createSession({
    api: () => {
      if (!apiRef) throw new Error('The API client is not ready.');
      return apiRef;
    },
    platform: platform.state,
    storage,
  });
  const api = createApiClient({
    config,
    toast: toast.service,
    getToken: () => session.state.token,
    clearLogin: () => session.service.clear(),
    language,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  apiRef = api;

  const events = createEventReporter(api, config.eventSignKey);
  const downloadApp = createDownloadAppDialog();
  const upgradeSheet = createUpgradeSheet();
  const deepLink = createDeepLinks({
    config,
    platform: platform.state,
    openDownloadDialog: downloadApp.service.open,
    win,
  });

  let identity: Promise<IdentityAdapter> | null = options.identity
    ? Promise.resolve(options.identity)
    : null;
  const login = createLoginController({
    api,
    toast: toast.service,
    session: session.service,
    setToken: session.setToken,
    events,
    language,
    identity: () => {
      identity ??= createIdentityAdapter(config.identity, win).catch((error: unknown) => {
        identity = null;
        throw error;
      });
      return identity;
    },
  });

  const appBridge = createAppBridge(
    win,
    config.simulatedBridge
      ? createSimulatedBridge({
          storage,
          apiBaseUrl: config.apiBaseUrl,
          sessionToken: () => session.service.state.token,
        })
      : null,
  );

  const host: HostServices = {
    config,
    api,
    toast: toast.service,
    login: login.service,
    session: session.service,
    platform: platform.state,
    language,
    deepLink,
    downloadDialog: downloadApp.service,
    upgradeSheet: upgradeSheet.service,
    events,
    appBridge,
    page: createPageTitle(config.productName, win.document),
    address: createAddress(win),
  };

  return {
    host,
    toastState: toast.state,
    login,
    downloadApp: downloadApp.state,
    upgradeSheet: upgradeSheet.state,
    dispose: platform.dispose,
  };
}

/** Boot: register the configured remotes and, with a stored token, load the session. */
export function startShell(shell: Shell): void {
  registerConfiguredRemotes(shell.host.config);
  if (shell.host.session.state.token) void shell.host.session.refresh();
}
