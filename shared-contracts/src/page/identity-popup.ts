import type { IdentityProviderName } from '../entities';

/**
 * What an identity provider's popup posts to its opener (target origin: the site's own) after
 * the person signs in. The shell accepts it only from the configured provider origin.
 */
export interface IdentityPopupMessage {
  type: 'nimbus:identity';
  provider: IdentityProviderName;
  /** The provider's signed identity token; the server's `/login` verifies it. */
  token: string;
  /** Display name. */
  username: string;
  /** Email, or phone number when there is no email. */
  account: string;
}
