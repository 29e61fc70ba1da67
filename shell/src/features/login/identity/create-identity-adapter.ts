import type { IdentityConfig } from 'shared-contracts/page';
import type { IdentityAdapter } from './identity-adapter';

/**
 * The adapter of the configured provider, loaded on first use: Firebase's SDK is in its own chunk
 * (never on the share page's start-up), the development provider's popup in another.
 */
export async function createIdentityAdapter(
  identity: IdentityConfig,
  win: Window = window,
): Promise<IdentityAdapter> {
  if (identity.provider === 'firebase') {
    const { createFirebaseAdapter } = await import('./firebase-adapter');
    return createFirebaseAdapter(identity);
  }
  const { createPopupAdapter } = await import('./popup-adapter');
  return createPopupAdapter(identity, win);
}
