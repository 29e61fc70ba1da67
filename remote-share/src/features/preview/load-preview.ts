import { MediaType, type SharedItem } from 'shared-contracts';
import { loadHls, needsHlsJs } from './player/hls-loader';
import { loadPlayerEngine } from './player/load-player-engine';

/** The preview's own chunk (the list's lazy PreviewScreen asks for the same one). */
export const loadPreview = () => import(/* webpackChunkName: "preview" */ './index');

/**
 * Called by the tap that opens a preview: the preview's chunk and, for a video or an audio, the
 * player's chunk (and hls.js where the browser needs it) are requested together. Asked for one
 * after the other, each waited a round trip on a phone before the stream could start. A failed
 * download is retried, and reported, when the preview asks for it again.
 */
export function startLoadingPreview(item: Pick<SharedItem, 'media_type' | 'is_m3u8'>): void {
  void loadPreview().catch(() => undefined);
  if (item.media_type !== MediaType.Video && item.media_type !== MediaType.Audio) return;
  void loadPlayerEngine().catch(() => undefined);
  if (needsHlsJs(document.createElement('video'), item.is_m3u8 === 1))
    void loadHls().catch(() => undefined);
}
