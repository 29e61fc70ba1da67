import type { IdentityConfig, IdentityPopupMessage, IdentityProviderName } from 'shared-contracts';
import { PROVIDER_SCOPES, type IdentityAdapter } from './identity-adapter';

/**
 * What the hosted identity service's SDK script (config.identity.sdkUrl) defines on `window`:
 * one call that runs the provider's popup and resolves with the signed-in person, or null when
 * the person closed it.
 */
export interface HostedIdentitySdk {
  signInWithPopup(options: {
    clientId: string;
    provider: IdentityProviderName;
    scopes: string[];
  }): Promise<{ token: string; username: string; account: string } | null>;
}

declare global {
  interface Window {
    nimbusIdentitySdk?: HostedIdentitySdk;
  }
}

let loading: Promise<HostedIdentitySdk> | null = null;

export function loadSdk(url: string, win: Window = window): Promise<HostedIdentitySdk> {
  if (win.nimbusIdentitySdk) return Promise.resolve(win.nimbusIdentitySdk);
  loading ??= new Promise<HostedIdentitySdk>((resolve, reject) => {
    const parsed = new URL(url, win.location.href);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      reject(new Error('The identity SDK URL must be http(s).'));
      return;
    }
    const script = win.document.createElement('script');
    script.src = parsed.href;
    script.async = true;
    script.onload = () =>
      win.nimbusIdentitySdk
        ? resolve(win.nimbusIdentitySdk)
        : reject(new Error('The identity SDK did not register itself.'));
    script.onerror = () => reject(new Error('The identity SDK could not be loaded.'));
    win.document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The hosted identity service: loaded with `import()` only when config.identity.provider is 'hosted'. */
export function createHostedAdapter(
  identity: IdentityConfig,
  win: Window = window,
): IdentityAdapter {
  return {
    async signIn(provider): Promise<IdentityPopupMessage | null> {
      if (!identity.sdkUrl) throw new Error('config.identity.sdkUrl is missing.');
      const sdk = await loadSdk(identity.sdkUrl, win);
      const result = await sdk.signInWithPopup({
        clientId: identity.clientId ?? '',
        provider,
        scopes: PROVIDER_SCOPES[provider],
      });
      if (!result?.token) return null;
      return { type: 'nimbus:identity', provider, ...result };
    },
  };
}
