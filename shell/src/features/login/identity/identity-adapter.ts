import type { IdentityProviderName } from 'shared-contracts';
import type { IdentityPopupMessage } from 'shared-contracts/page';

/** Raised when the browser blocked the sign-in popup. */
export class PopupBlockedError extends Error {
  constructor() {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for the events, not shown
    super('popup blocked');
    this.name = 'PopupBlockedError';
  }
}

/** Raised when the identity service could not be reached (offline, a network failure). */
export class IdentityNetworkError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'IdentityNetworkError';
  }
}

/**
 * Signs a person in with an identity provider. Resolves with the provider's result, or null when
 * the person closed the popup without signing in.
 */
export interface IdentityAdapter {
  signIn(provider: IdentityProviderName): Promise<IdentityPopupMessage | null>;
}

/**
 * Google asks for the email; Apple for the email and the name (docs/development.md, "Sign-in while
 * developing").
 */
export const PROVIDER_SCOPES: Record<IdentityProviderName, string[]> = {
  Google: ['email'],
  AppleID: ['email', 'name'],
};
