import type { IdentityConfig, IdentityPopupMessage, IdentityProviderName } from 'shared-contracts';
import { PopupBlockedError, PROVIDER_SCOPES, type IdentityAdapter } from './identity-adapter';

/** How often the page checks whether the person closed the popup. */
export const POPUP_POLL_MS = 500;
const POPUP_FEATURES = 'popup=yes,width=480,height=680';

export function signInUrlOf(signInUrl: string, provider: IdentityProviderName): string {
  const scope = PROVIDER_SCOPES[provider].map(encodeURIComponent).join('%20');
  const separator = signInUrl.includes('?') ? '&' : '?';
  return `${signInUrl}${separator}provider=${encodeURIComponent(provider)}&scope=${scope}`;
}

export function isIdentityMessage(data: unknown): data is IdentityPopupMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<IdentityPopupMessage>;
  return (
    message.type === 'nimbus:identity' &&
    (message.provider === 'Google' || message.provider === 'AppleID') &&
    typeof message.token === 'string' &&
    message.token.length > 0
  );
}

/**
 * The development provider (the reference server's page): a popup that posts an
 * IdentityPopupMessage to its opener. Only messages from `identity.origin` are accepted.
 */
export function createPopupAdapter(
  identity: IdentityConfig,
  win: Window = window,
): IdentityAdapter {
  let active: (() => void) | null = null;
  return {
    signIn(provider) {
      active?.();
      const popup = win.open(
        signInUrlOf(identity.signInUrl, provider),
        'nimbus-login',
        POPUP_FEATURES,
      );
      if (!popup) return Promise.reject(new PopupBlockedError());
      return new Promise<IdentityPopupMessage | null>((resolve) => {
        const finish = (result: IdentityPopupMessage | null) => {
          win.removeEventListener('message', onMessage);
          win.clearInterval(poll);
          active = null;
          resolve(result);
        };
        const onMessage = (event: MessageEvent) => {
          if (event.origin !== identity.origin) return;
          if (!isIdentityMessage(event.data)) return;
          finish({
            type: 'nimbus:identity',
            provider: event.data.provider,
            token: event.data.token,
            username: String(event.data.username ?? ''),
            account: String(event.data.account ?? ''),
          });
          try {
            if (!popup.closed) popup.close();
          } catch {
            // A cross-origin popup may refuse; it closes itself.
          }
        };
        const poll = win.setInterval(() => {
          if (popup.closed) finish(null);
        }, POPUP_POLL_MS);
        win.addEventListener('message', onMessage);
        active = () => finish(null);
      });
    },
  };
}
