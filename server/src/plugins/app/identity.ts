import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { IdentityProviderName } from 'shared-contracts';
import type { HostedIdentityEnv } from '../../config/env';
import { DEV_IDENTITY_AUDIENCE, DEV_IDENTITY_ISSUER } from '../../db/seed';

export interface VerifiedIdentity {
  /** `issuer|subject`: stable across logins. */
  externalId: string;
  email: string | null;
  name: string;
}

export interface IdentityVerifier {
  verify(token: string): Promise<VerifiedIdentity | null>;
}

const DEV_TOKEN_TTL = '10m';

function toIdentity(payload: JWTPayload): VerifiedIdentity | null {
  if (!payload.iss || !payload.sub) return null;
  const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
  const name =
    typeof payload.name === 'string' && payload.name ? payload.name : (email ?? payload.sub);
  return { externalId: `${payload.iss}|${payload.sub}`, email, name: name.slice(0, 100) };
}

/** The development provider: HS256 tokens signed with this installation's secret. */
export class DevelopmentIdentity implements IdentityVerifier {
  constructor(private readonly key: Buffer) {}

  issue(person: { email: string; name: string }, provider: IdentityProviderName): Promise<string> {
    return new SignJWT({ email: person.email, name: person.name, provider })
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

/** A hosted identity service: tokens verified against its published JWKS. */
export class HostedIdentity implements IdentityVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(private readonly env: HostedIdentityEnv) {
    this.keys = createRemoteJWKSet(new URL(env.jwksUrl));
  }

  async verify(token: string): Promise<VerifiedIdentity | null> {
    try {
      const { payload } = await jwtVerify(token, this.keys, {
        issuer: this.env.issuer,
        audience: this.env.audience,
        requiredClaims: ['exp', 'sub'],
      });
      return toIdentity(payload);
    } catch {
      return null;
    }
  }
}
