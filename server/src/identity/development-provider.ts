import { jwtVerify, SignJWT } from 'jose';
import type { IdentityProviderName } from 'shared-contracts';
import { DEV_IDENTITY_AUDIENCE, DEV_IDENTITY_ISSUER } from '../db/seed-data/accounts';
import { toIdentity, type IdentityVerifier, type VerifiedIdentity } from './verified-identity';

const DEV_TOKEN_TTL = '10m';

/** The development provider: HS256 tokens signed with this installation's secret. */
export class DevelopmentIdentity implements IdentityVerifier {
  constructor(private readonly key: Buffer) {}

  issue(person: { email: string; name: string }, provider: IdentityProviderName): Promise<string> {
    return new SignJWT({ email: person.email, email_verified: true, name: person.name, provider })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(DEV_IDENTITY_ISSUER)
      .setAudience(DEV_IDENTITY_AUDIENCE)
      .setSubject(person.email)
      .setIssuedAt()
      .setExpirationTime(DEV_TOKEN_TTL)
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifiedIdentity | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: DEV_IDENTITY_ISSUER,
        audience: DEV_IDENTITY_AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
      });
      return toIdentity(payload);
    } catch {
      return null;
    }
  }
}
