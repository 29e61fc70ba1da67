import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { IdentityProviderName } from 'shared-contracts';
import { DEV_IDENTITY_AUDIENCE, DEV_IDENTITY_ISSUER } from '../../db/seed-data/accounts';

/** Who signed in, as a verified identity token says. */
export interface VerifiedIdentity {
  /** `issuer|subject`: one person, stable across logins. */
  externalId: string;
  email: string | null;
  /** The provider has checked that the person owns `email`. */
  emailVerified: boolean;
  name: string;
}

export interface IdentityVerifier {
  verify(token: string): Promise<VerifiedIdentity | null>;
}

const DEV_TOKEN_TTL = '10m';
const NAME_MAX = 100;

/** The display name: the token's name, else the email's local part or the phone number. */
export function displayNameOf(payload: JWTPayload): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const email = text(payload.email);
  const name =
    text(payload.name) || email.split('@')[0] || text(payload.phone_number) || 'Nimbus user';
  return Array.from(name).slice(0, NAME_MAX).join('');
}

export function toIdentity(payload: JWTPayload): VerifiedIdentity | null {
  if (!payload.iss || !payload.sub) return null;
  const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
  return {
    externalId: `${payload.iss}|${payload.sub}`,
    email,
    emailVerified: email !== null && payload.email_verified === true,
    name: displayNameOf(payload),
  };
}

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
