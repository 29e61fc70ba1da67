import fp from 'fastify-plugin';
import { DevelopmentIdentity } from '../../identity/development-provider';
import { FirebaseIdentity, PublishedKeys } from '../../identity/firebase-token-verifier';
import type { IdentityVerifier } from '../../identity/verified-identity';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks the identity tokens `/login` is given. */
    identity: IdentityVerifier;
    /** Set when the development identity provider is in use. */
    devIdentity: DevelopmentIdentity | null;
  }
}

/**
 * Whose identity tokens sign in: Firebase Authentication's when it is configured (its published
 * keys are a dependency, but for the emulator's unsigned tokens), else this server's development
 * provider's.
 */
export default fp(
  async (app) => {
    const { env, health } = app;
    let devIdentity: DevelopmentIdentity | null = null;
    let identity: IdentityVerifier;
    if (env.firebase) {
      if (!env.firebase.emulatorHost) health.track('identity-keys');
      const keys = new PublishedKeys(
        env.firebase.jwksUrl,
        undefined,
        undefined,
        (available, detail) =>
          available
            ? health.up('identity-keys')
            : health.down('identity-keys', 'the signing keys cannot be read', detail),
      );
      identity = new FirebaseIdentity(env.firebase, keys);
    } else {
      devIdentity = new DevelopmentIdentity(app.secrets.key('identity-token'));
      identity = devIdentity;
    }
    app.decorate('identity', identity);
    app.decorate('devIdentity', devIdentity);
  },
  { name: 'identity', dependencies: ['config', 'health', 'secrets'] },
);
