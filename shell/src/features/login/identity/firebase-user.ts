import type { IdentityProviderName } from 'shared-contracts';
import type { IdentityPopupMessage } from 'shared-contracts/page';

/** The parts of a Firebase `User` the login payload is made of. */
export interface FirebaseUserLike {
  displayName: string | null;
  email: string | null;
  phoneNumber: string | null;
  providerData: readonly {
    displayName: string | null;
    email: string | null;
    phoneNumber: string | null;
  }[];
}

const present = (value: string | null | undefined) => (value ?? '').trim();

/**
 * The signed-in person as the login payload names them
 * (docs/decisions/0011-firebase-authentication.md): `account` is the email, or the phone number
 * when there is none; `username` the display name, falling back to the provider's (Apple gives a
 * name only at the first sign-in), then to the email's local part, then to the phone number.
 */
export function identityOfFirebaseUser(
  user: FirebaseUserLike,
  token: string,
  provider: IdentityProviderName,
): IdentityPopupMessage {
  const fromProviders = (field: 'displayName' | 'email' | 'phoneNumber') =>
    user.providerData.map((entry) => present(entry[field])).find(Boolean) ?? '';
  const email = present(user.email) || fromProviders('email');
  const phone = present(user.phoneNumber) || fromProviders('phoneNumber');
  const username =
    present(user.displayName) || fromProviders('displayName') || email.split('@')[0] || phone;
  return {
    type: 'nimbus:identity',
    provider,
    token,
    username: username ?? '',
    account: email || phone,
  };
}
