/** Plyr, its CSS and icon sprite: the player's chunk, fetched when the first player opens. */
export const loadPlayerEngine = () =>
  import(/* webpackChunkName: "preview-player" */ './media-engine');
