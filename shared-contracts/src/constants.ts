/** Business constants of docs/product.md and docs/decisions/. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** What a call that timed out shows (docs/product.md, "Response codes"). */
export const TIMEOUT_MESSAGE = 'Request timed out, please try again later.';
export const TOAST_DEFAULT_MS = 2000;
export const RELOAD_AFTER_FAILED_SAVE_MS = 1000;
export const BLUR_COMMIT_DELAY_MS = 100;

export const EXTRACT_CODE_LENGTH = 4;
export const FOLDER_NAME_MAX = 100;
export const REPORT_MAX = 300;
export const FOLDER_PAGE_SIZE = 50;
/**
 * Items per page of a share's folder (`/share/detail` with `page`): the most the server gives in
 * one page, and what the viewer asks for. A page parses in a few milliseconds; a 10,000-item
 * folder in one answer would block a phone's main thread for a quarter of a second.
 */
export const SHARE_LIST_PAGE_MAX = 1000;
/** The page `/share/detail` answers when the request names none: no answer grows with a folder. */
export const SHARE_LIST_PAGE_DEFAULT = 100;
/** The longest name filter of a share's listing (`/share/detail`'s `name_filter`), in characters. */
export const SHARE_NAME_FILTER_MAX = 100;
export const FIRST_PAGE = 1;
/**
 * The longest search of a whole share (`/share/search`'s `q`, trimmed), in characters; the
 * server refuses a longer one with `SHARE_SEARCH_LENGTH_MESSAGE`.
 */
export const SHARE_SEARCH_MAX = 100;
/** What `/share/search` answers to a text that is blank or longer than `SHARE_SEARCH_MAX`. */
export const SHARE_SEARCH_LENGTH_MESSAGE = `Invalid request: the search text must be 1 to ${SHARE_SEARCH_MAX} characters long.`;
/** What `/share/search` answers when the database took too long to search the share. */
export const SHARE_SEARCH_TIMEOUT_MESSAGE =
  'The search took too long. Please try a longer or more precise text.';

export const PREVIEW_LIMIT_SECONDS = 60;
export const PLAYBACK_SPEEDS: readonly number[] = [0.75, 1, 1.5, 2];

/** Width at or below which a browser counts as mobile. */
export const MOBILE_MAX_WIDTH = 756;

export const INVITE_ACTIVITY_ID = 1;
export const DEFAULT_NEW_FOLDER_NAME = 'New Folder';
export const DEFAULT_PRODUCT_NAME = 'Nimbus';
/** The community provider's name in the invite paths. */
export const COMMUNITY = 'discord';
