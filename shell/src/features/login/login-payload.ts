import type { LoginPayload } from 'shared-contracts';
import type { IdentityPopupMessage } from 'shared-contracts/page';

/**
 * The login payload (docs/product.md, "The login sheet"): who signed in (from the identity
 * provider) and what the sheet was opened for (save mode and the single file, which only save mode
 * keeps).
 */
export function loginPayloadOf(
  identity: IdentityPopupMessage,
  sheet: { autoSave: boolean; fileId: string },
): LoginPayload {
  return {
    token: identity.token,
    username: identity.username,
    account: identity.account,
    autoSave: sheet.autoSave,
    type: identity.provider,
    fileId: sheet.autoSave ? sheet.fileId : '',
  };
}
