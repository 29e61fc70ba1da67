import type { AppBridge, AppUserInfo, EventContent } from 'shared-contracts';

/** The Android app's native interface: `window.NimbusAndroid`. */
export interface NimbusAndroidInterface {
  getUserInfo(): string;
  postEvent(name: string, contentJson: string): void;
  onCommunityActSuccess(userId: string): void;
}

/** What the page posts to the iOS app's `nimbus` message handler. */
export interface IosBridgeMessage {
  method: 'getUserInfo' | 'postEvent' | 'onCommunityActSuccess';
  params: Record<string, string>;
  callbackId: string;
}

export interface BridgeWindow {
  NimbusAndroid?: NimbusAndroidInterface;
  webkit?: { messageHandlers?: { nimbus?: { postMessage(message: IosBridgeMessage): void } } };
  /** The iOS app answers a call through this global: (callbackId, resultJson). */
  nimbusBridgeCallback?: (callbackId: string, result: unknown) => void;
}

/** How long the page waits for the iOS app's answer. */
export const IOS_CALLBACK_TIMEOUT_MS = 10_000;
/** Outside the app: the bridge's own error, which callers treat as 'no app' (not a text). */
const notSupported = () => Promise.reject(new Error('not support platform'));

function parseUserInfo(result: unknown): AppUserInfo {
  const value: unknown = typeof result === 'string' ? JSON.parse(result || '{}') : result;
  if (typeof value !== 'object' || value === null)
    throw new Error('Invalid user info from the app');
  return value as AppUserInfo;
}

function androidBridge(android: NimbusAndroidInterface): AppBridge {
  return {
    getUserInfo: async () => parseUserInfo(android.getUserInfo()),
    postEvent: async (name, content) => android.postEvent(name, JSON.stringify(content)),
    onCommunityActSuccess: async (userId) => android.onCommunityActSuccess(userId),
  };
}

function iosBridge(win: BridgeWindow & Window): AppBridge {
  const pending = new Map<string, (result: unknown) => void>();
  let next = 1;
  const previous = win.nimbusBridgeCallback;
  win.nimbusBridgeCallback = (callbackId, result) => {
    const resolve = pending.get(callbackId);
    if (resolve) {
      pending.delete(callbackId);
      resolve(result);
    } else previous?.(callbackId, result);
  };
  const handler = () => win.webkit?.messageHandlers?.nimbus;
  const post = (method: IosBridgeMessage['method'], params: Record<string, string>) => {
    const callbackId = `nimbus-${next++}`;
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = win.setTimeout(() => {
        pending.delete(callbackId);
        reject(new Error(`The app did not answer ${method}`));
      }, IOS_CALLBACK_TIMEOUT_MS);
      pending.set(callbackId, (result) => {
        win.clearTimeout(timer);
        resolve(result);
      });
    });
    const target = handler();
    if (!target) {
      pending.delete(callbackId);
      return { answer: notSupported() };
    }
    target.postMessage({ method, params, callbackId });
    return { answer };
  };
  return {
    getUserInfo: async () => parseUserInfo(await post('getUserInfo', {}).answer),
    async postEvent(name: string, content: EventContent) {
      // Fire and forget: the app need not answer a notification.
      post('postEvent', { name, content: JSON.stringify(content) }).answer.catch(() => undefined);
    },
    async onCommunityActSuccess(userId: string) {
      post('onCommunityActSuccess', { userId }).answer.catch(() => undefined);
    },
  };
}

/**
 * The mobile app's native interface as promises. Android and iOS are recognised by the interface
 * the app injects; elsewhere every call rejects with 'not support platform' unless the simulated
 * bridge is switched on.
 */
export function createAppBridge(win: Window, simulated: AppBridge | null): AppBridge {
  const bridgeWindow = win as BridgeWindow & Window;
  let ios: AppBridge | null = null;
  const current = (): AppBridge | null => {
    if (bridgeWindow.NimbusAndroid) return androidBridge(bridgeWindow.NimbusAndroid);
    if (bridgeWindow.webkit?.messageHandlers?.nimbus) {
      ios ??= iosBridge(bridgeWindow);
      return ios;
    }
    return simulated;
  };
  return {
    getUserInfo: () => current()?.getUserInfo() ?? notSupported(),
    postEvent: (name, content) => current()?.postEvent(name, content) ?? notSupported(),
    onCommunityActSuccess: (userId) => current()?.onCommunityActSuccess(userId) ?? notSupported(),
  };
}
