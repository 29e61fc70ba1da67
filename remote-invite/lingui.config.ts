import { INVITE_LANGUAGE_TAGS } from '../shared-contracts/src/i18n';
import { messagesConfigOf } from '../scripts/messages-config.mjs';

// The invite page keeps its own languages (docs/product.md, "The invite page"): en, zh and zhCHS,
// whose catalogs are en, zh-Hans and zh-Hant.
export default messagesConfigOf(Object.values(INVITE_LANGUAGE_TAGS));
