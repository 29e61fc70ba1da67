const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** The browser plays HLS itself (Safari, iOS; some Android browsers). */
export function hasNativeHls(media: HTMLMediaElement): boolean {
  return media.canPlayType(HLS_TYPE) !== '';
}

/** The browser plays the source from the element's `src`: a file, or a playlist it plays itself. */
export function playsFromSrc(media: HTMLMediaElement, isHls: boolean): boolean {
  return !isHls || hasNativeHls(media);
}

/** hls.js is needed: an HLS playlist, a browser without native HLS but with Media Source. */
export function needsHlsJs(media: HTMLMediaElement, isHls: boolean): boolean {
  return isHls && !hasNativeHls(media) && typeof window.MediaSource === 'function';
}

/**
 * hls.js's light build, its own chunk (`preview-hls`): 120 KB gzip instead of the full build's
 * 190 KB, without what a share's plain video streams never use (subtitles, alternative audio,
 * DRM, CMCD, content steering, interstitials). Asked for by the tap that opens the preview,
 * beside the player's chunk (load-preview.ts), and again by the player: one download.
 */
export const loadHls = () =>
  import(/* webpackChunkName: "preview-hls" */ 'hls.js/dist/hls.light.min.js');
