import { FirebaseError, initializeApp } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  inMemoryPersistence,
  initializeAuth,
  OAuthProvider,
  signInWithPopup,
  type AuthProvider,
} from 'firebase/auth';
import type { IdentityProviderName } from 'shared-contracts';
import type { FirebaseIdentityConfig } from 'shared-contracts/page';
import { identityOfFirebaseUser } from './firebase-user';
import {
  IdentityNetworkError,
  PopupBlockedError,
  PROVIDER_SCOPES,
  type IdentityAdapter,
} from './identity-adapter';

/** The person closed the popup, or a newer sign-in replaced it: nothing happened. */
const CANCELLED = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request']);
const NETWORK = new Set(['auth/network-request-failed', 'auth/timeout']);

/**
 * Google asks for the email; Apple (`apple.com`) for the email and the name
 * (docs/development.md, "Sign-in while developing").
 */
export function authProviderOf(provider: IdentityProviderName): AuthProvider {
  const authProvider =
    provider === 'Google' ? new GoogleAuthProvider() : new OAuthProvider('apple.com');
  for (const scope of PROVIDER_SCOPES[provider]) authProvider.addScope(scope);
  return authProvider;
}

/**
 * Firebase Authentication (the hosted identity service): popup sign-in with Google or Apple, then
 * the Firebase user's ID token is what `/login` verifies. The site keeps its own session, so
 * Firebase keeps none (in-memory persistence). With `emulatorUrl` it signs in at the Firebase
 * Auth Emulator. This module, and the SDK with it, loads only when the login sheet needs it.
 */
export function createFirebaseAdapter(config: FirebaseIdentityConfig): IdentityAdapter {
  const app = initializeApp(
    { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId },
    'nimbus-share',
  );
  const auth = initializeAuth(app, {
    persistence: inMemoryPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  return {
    async signIn(provider) {
      try {
        const { user } = await signInWithPopup(auth, authProviderOf(provider));
        return identityOfFirebaseUser(user, await user.getIdToken(), provider);
      } catch (error) {
        if (!(error instanceof FirebaseError)) throw error;
        if (CANCELLED.has(error.code)) return null;
        if (error.code === 'auth/popup-blocked') throw new PopupBlockedError();
        if (NETWORK.has(error.code)) throw new IdentityNetworkError(error.code);
        throw error;
      }
    },
  };
}
