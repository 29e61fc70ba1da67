import { ConfigError, flag, required } from './env-values';

/** Google's published keys of Firebase ID tokens (x509 certificates as a JWK set). */
export const FIREBASE_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/**
 * Firebase Authentication, the hosted identity service
 * (docs/decisions/0011-firebase-authentication.md).
 */
export interface FirebaseEnv {
  projectId: string;
  /** The web API key: public, it goes into every page's runtime configuration. */
  apiKey: string;
  /** Where the sign-in popup runs (`<project>.firebaseapp.com`, or the site's own domain). */
  authDomain: string;
  /**
   * `host:port` of the Firebase Auth Emulator: the page signs in there, and the server accepts
   * its unsigned tokens. Never in production.
   */
  emulatorHost: string | null;
  /** The keys ID tokens are checked against: Google's, or a test's own. */
  jwksUrl: string;
}

/** IDENTITY_PROVIDER and Firebase's settings; null: the development identity provider. */
export function readFirebase(source: NodeJS.ProcessEnv, production: boolean): FirebaseEnv | null {
  const provider = source.IDENTITY_PROVIDER || (production ? '' : 'development');
  if (provider === 'development') {
    if (production && !flag(source, 'ENABLE_DEV_IDENTITY', false)) {
      throw new ConfigError(
        'IDENTITY_PROVIDER=development serves demo accounts to anyone: in production set IDENTITY_PROVIDER=firebase, or ENABLE_DEV_IDENTITY=1 for a demo deployment',
      );
    }
    return null;
  }
  if (provider !== 'firebase') {
    throw new ConfigError(
      production
        ? 'IDENTITY_PROVIDER=firebase (with FIREBASE_PROJECT_ID and FIREBASE_API_KEY) is required in production'
        : 'IDENTITY_PROVIDER must be development or firebase',
    );
  }
  const projectId = required(source, 'FIREBASE_PROJECT_ID', 'when IDENTITY_PROVIDER=firebase');
  if (!/^[a-z0-9-]{4,40}$/.test(projectId)) {
    throw new ConfigError(`FIREBASE_PROJECT_ID "${projectId}" is not a Firebase project id`);
  }
  const emulatorHost = source.FIREBASE_AUTH_EMULATOR_HOST || null;
  if (emulatorHost && production) {
    throw new ConfigError(
      'FIREBASE_AUTH_EMULATOR_HOST is for development and tests: its tokens are not signed; unset it in production',
    );
  }
  if (emulatorHost && !/^[A-Za-z0-9.-]+:\d{1,5}$/.test(emulatorHost)) {
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST must be host:port, e.g. 127.0.0.1:9099');
  }
  // The emulator takes any key; a real project needs its own.
  const apiKey = emulatorHost
    ? source.FIREBASE_API_KEY || 'emulator-api-key'
    : required(source, 'FIREBASE_API_KEY', 'when IDENTITY_PROVIDER=firebase');
  return {
    projectId,
    apiKey,
    authDomain: source.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    emulatorHost,
    jwksUrl: source.FIREBASE_JWKS_URL || FIREBASE_JWKS_URL,
  };
}
