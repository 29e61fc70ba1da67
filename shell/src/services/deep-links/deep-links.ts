import {
  isWebUrl,
  type DeepLinkService,
  type DeepLinkTarget,
  type PlatformState,
} from 'shared-contracts';
import type { RuntimeConfig } from 'shared-contracts/page';

/** How long the page waits for the app to take over before it sends the visitor to the store. */
export const STORE_FALLBACK_MS = 2000;

/**
 * `{scheme}://{path}`; fromShare carries the folder id and name, default the share the page
 * shows (`share_code`, and `folder_id` inside it).
 */
export function appUrlOf(scheme: string, target: DeepLinkTarget): string {
  const base = `${scheme}://${target.path}`;
  const query = new URLSearchParams();
  if (target.path === 'fromShare') {
    query.set('folder_id', String(target.folderId));
    query.set('folder_name', target.folderName);
  } else if (target.path === 'default' && 'share' in target) {
    query.set('share_code', target.share.code);
    if (target.share.folderId !== null) query.set('folder_id', String(target.share.folderId));
  }
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}

export interface DeepLinkDeps {
  config: Pick<RuntimeConfig, 'app'>;
  platform: PlatformState;
  /** Desktop visitors get the download-app dialog instead. */
  openDownloadDialog(): void;
  win?: Window;
  /** Sets the page address (tests replace it). */
  navigate?(url: string): void;
}

export function createDeepLinks(deps: DeepLinkDeps): DeepLinkService {
  const win = deps.win ?? window;
  const navigate = deps.navigate ?? ((url: string) => win.location.assign(url));
  const { scheme, androidStoreUrl, iosStoreUrl } = deps.config.app;

  const launch = (appUrl: string, fallback: () => void) => {
    let left = false;
    const onHidden = () => {
      if (win.document.visibilityState === 'hidden') left = true;
    };
    const onBlur = () => {
      left = true;
    };
    win.document.addEventListener('visibilitychange', onHidden);
    win.addEventListener('blur', onBlur);
    win.addEventListener('pagehide', onBlur);
    navigate(appUrl);
    win.setTimeout(() => {
      win.document.removeEventListener('visibilitychange', onHidden);
      win.removeEventListener('blur', onBlur);
      win.removeEventListener('pagehide', onBlur);
      if (!left && win.document.visibilityState !== 'hidden') fallback();
    }, STORE_FALLBACK_MS);
  };

  return {
    urlOf: (target) => appUrlOf(scheme, target),
    open(target) {
      const platform = deps.platform.platform;
      if (platform === 'other') {
        deps.openDownloadDialog();
        return;
      }
      const appUrl = appUrlOf(scheme, target);
      if (platform === 'mobile') {
        // A phone we cannot name: try the app, else offer both stores.
        launch(appUrl, deps.openDownloadDialog);
        return;
      }
      const store = platform === 'ios' ? iosStoreUrl : androidStoreUrl;
      launch(appUrl, () => {
        if (isWebUrl(store)) navigate(store);
      });
    },
  };
}
