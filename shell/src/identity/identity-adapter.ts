import type { IdentityConfig, IdentityPopupMessage, IdentityProviderName } from 'shared-contracts';

/** Raised when the browser blocked the sign-in popup. */
export class PopupBlockedError extends Error {
  constructor() {
    super('popup blocked');
    this.name = 'PopupBlockedError';
  }
}

/**
 * Signs a person in with an identity provider. Resolves with the provider's result, or null when
 * the person closed the popup without signing in.
 */
export interface IdentityAdapter {
  signIn(provider: IdentityProviderName): Promise<IdentityPopupMessage | null>;
}

/** Spec section 5: Google asks for the email; Apple for the email and the name. */
export const PROVIDER_SCOPES: Record<IdentityProviderName, string[]> = {
  Google: ['email'],
  AppleID: ['email', 'name'],
};

/** The development adapter is built in; the hosted one loads only when configured. */
export async function createIdentityAdapter(
  identity: IdentityConfig,
  win: Window = window,
): Promise<IdentityAdapter> {
  if (identity.provider === 'hosted') {
    const { createHostedAdapter } = await import('./hosted-adapter');
    return createHostedAdapter(identity, win);
  }
  const { createPopupAdapter } = await import('./popup-adapter');
  return createPopupAdapter(identity, win);
}
