import { SITE_LANGUAGES } from '../shared-contracts/src/languages';
import { messagesConfigOf } from '../scripts/messages-config.mjs';

// The link previews' own words (src/link-preview/): the server writes them into a page's head and
// draws them on its card, in the page's language.
export default messagesConfigOf(SITE_LANGUAGES);
