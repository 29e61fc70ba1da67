/** How a share's items show: rows (on desktop a table) or a grid of tiles. */
export type ShareView = 'list' | 'grid';

/**
 * The cookie that keeps a visitor's view for every share (plain, `SameSite=Lax`, path `/`, a
 * year): the server paints the chosen view's first screen, the edge keys its pages by it.
 */
export const VIEW_COOKIE = 'nimbus_view';
/** A year: a choice is kept until the visitor makes another. */
export const VIEW_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The view a cookie's value names: exactly `grid` is the grid; anything else, the list. */
export const shareViewOf = (value: string | null | undefined): ShareView =>
  value === 'grid' ? 'grid' : 'list';
