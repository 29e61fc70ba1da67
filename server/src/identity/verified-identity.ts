import type { JWTPayload } from 'jose';

/** Who signed in, as a verified identity token says. */
export interface VerifiedIdentity {
  /** `issuer|subject`: one person, stable across logins. */
  externalId: string;
  email: string | null;
  /** The provider has checked that the person owns `email`. */
  emailVerified: boolean;
  name: string;
}

/** A sign-in provider's check of its identity tokens (Firebase's, or the development one's). */
export interface IdentityVerifier {
  verify(token: string): Promise<VerifiedIdentity | null>;
}

const NAME_MAX = 100;

/** The display name: the token's name, else the email's local part or the phone number. */
export function displayNameOf(payload: JWTPayload): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const email = text(payload.email);
  const name =
    text(payload.name) || email.split('@')[0] || text(payload.phone_number) || 'Nimbus user';
  return Array.from(name).slice(0, NAME_MAX).join('');
}

/** Who a verified token's claims name; null without an issuer and a subject. */
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
