import type { IdentityProviderName } from 'shared-contracts';
import type { DevelopmentIdentityConfig, IdentityPopupMessage } from 'shared-contracts/page';
import { PopupBlockedError, PROVIDER_SCOPES, type IdentityAdapter } from './identity-adapter';

/** How often the page checks whether the person closed the popup. */
export const POPUP_POLL_MS = 500;
/**
 * How long a closed popup's message may still arrive. The provider's page posts its result and
 * closes itself at once; on a busy phone the check that sees it closed can run before the message
 * event, which would otherwise read as the person closing the popup without signing in.
 */
export const POPUP_CLOSED_GRACE_MS = 1000;
// eslint-disable-next-line lingui/no-unlocalized-strings -- window.open's features, not a text
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
  identity: DevelopmentIdentityConfig,
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
        let closedTimer: number | undefined;
        const finish = (result: IdentityPopupMessage | null) => {
          win.removeEventListener('message', onMessage);
          win.clearInterval(poll);
          win.clearTimeout(closedTimer);
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
          if (!popup.closed) return;
          win.clearInterval(poll);
          closedTimer = win.setTimeout(() => finish(null), POPUP_CLOSED_GRACE_MS);
        }, POPUP_POLL_MS);
        win.addEventListener('message', onMessage);
        active = () => finish(null);
      });
    },
  };
}
