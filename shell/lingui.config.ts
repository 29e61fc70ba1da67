import { SITE_LANGUAGES } from '../shared-contracts/src/languages';
import { messagesConfigOf } from '../scripts/messages-config.mjs';

export default messagesConfigOf(SITE_LANGUAGES);
