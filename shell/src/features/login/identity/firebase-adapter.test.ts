import { FirebaseError } from 'firebase/app';
import * as firebaseAuth from 'firebase/auth';
import { createFirebaseAdapter, authProviderOf } from './firebase-adapter';
import { IdentityNetworkError, PopupBlockedError } from './identity-adapter';

jest.mock('firebase/app', () => ({
  ...jest.requireActual<typeof import('firebase/app')>('firebase/app'),
  initializeApp: jest.fn(() => ({ name: 'nimbus-share' })),
}));
jest.mock('firebase/auth', () => ({
  ...jest.requireActual<typeof import('firebase/auth')>('firebase/auth'),
  initializeAuth: jest.fn(() => ({})),
  connectAuthEmulator: jest.fn(),
  signInWithPopup: jest.fn(),
}));

const signInWithPopup = jest.mocked(firebaseAuth.signInWithPopup);
const config = { provider: 'firebase' as const, apiKey: 'k', authDomain: 'd', projectId: 'p' };

describe('the Firebase adapter', () => {
  it('asks Google for the email and Apple for the email and the name', () => {
    const google = authProviderOf('Google') as firebaseAuth.GoogleAuthProvider;
    expect(google.providerId).toBe('google.com');
    // GoogleAuthProvider always asks for 'profile' too (the display name).
    expect(google.getScopes()).toEqual(['profile', 'email']);
    const apple = authProviderOf('AppleID') as firebaseAuth.OAuthProvider;
    expect(apple.providerId).toBe('apple.com');
    expect(apple.getScopes()).toEqual(['email', 'name']);
  });

  it('signs in with a popup and hands over the ID token and the person', async () => {
    signInWithPopup.mockResolvedValueOnce({
      user: {
        displayName: 'Carol',
        email: 'carol@example.com',
        phoneNumber: null,
        providerData: [],
        getIdToken: async () => 'id-token',
      },
    } as unknown as firebaseAuth.UserCredential);
    const adapter = createFirebaseAdapter(config);
    await expect(adapter.signIn('Google')).resolves.toEqual({
      type: 'nimbus:identity',
      provider: 'Google',
      token: 'id-token',
      username: 'Carol',
      account: 'carol@example.com',
    });
  });

  it('connects to the emulator only when it is configured', () => {
    createFirebaseAdapter(config);
    expect(firebaseAuth.connectAuthEmulator).not.toHaveBeenCalled();
    createFirebaseAdapter({ ...config, emulatorUrl: 'http://127.0.0.1:9099' });
    expect(firebaseAuth.connectAuthEmulator).toHaveBeenCalledWith(
      expect.anything(),
      'http://127.0.0.1:9099',
      { disableWarnings: true },
    );
  });

  it.each([['auth/popup-closed-by-user'], ['auth/cancelled-popup-request']])(
    'reads %s as the person closing the popup: nothing happened',
    async (code) => {
      signInWithPopup.mockRejectedValueOnce(new FirebaseError(code, 'closed'));
      await expect(createFirebaseAdapter(config).signIn('AppleID')).resolves.toBeNull();
    },
  );

  it('tells a blocked popup and a network failure apart from other failures', async () => {
    const adapter = createFirebaseAdapter(config);
    signInWithPopup.mockRejectedValueOnce(new FirebaseError('auth/popup-blocked', 'blocked'));
    await expect(adapter.signIn('Google')).rejects.toBeInstanceOf(PopupBlockedError);
    signInWithPopup.mockRejectedValueOnce(
      new FirebaseError('auth/network-request-failed', 'offline'),
    );
    await expect(adapter.signIn('Google')).rejects.toBeInstanceOf(IdentityNetworkError);
    signInWithPopup.mockRejectedValueOnce(new FirebaseError('auth/internal-error', 'x'));
    await expect(adapter.signIn('Google')).rejects.toMatchObject({ code: 'auth/internal-error' });
  });
});
