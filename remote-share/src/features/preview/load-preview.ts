import type { SharedItem } from 'shared-contracts';
import { safeMediaUrl } from '../../lib/safe-url';
import { startEarlyMedia } from './player/early-media';
import { loadHls, needsHlsJs, playsFromSrc } from './player/hls-loader';
import { loadPlayerEngine } from './player/load-player-engine';
import { previewKindOf } from './state/preview-events';

/** The preview's own chunk (the list's lazy PreviewScreen asks for the same one). */
export const loadPreview = () => import(/* webpackChunkName: "preview" */ './index');

/**
 * Called by the tap that opens a preview: the preview's chunk and, for a video or an audio, the
 * player's chunk are requested together with the stream (its element made, with its source,
 * where the browser plays it itself) or hls.js. Asked for one after the other, each waited a round
 * trip on a phone before the stream could start. A failed download is retried, and reported, when
 * the preview asks for it again.
 */
export function startLoadingPreview(
  item: Pick<
    SharedItem,
    'name' | 'is_folder' | 'media_type' | 'is_m3u8' | 'download_url' | 'thumb_url'
  >,
): void {
  void loadPreview().catch(() => undefined);
  const kind = previewKindOf(item);
  if (kind !== 'video' && kind !== 'audio') return;
  void loadPlayerEngine().catch(() => undefined);
  const src = safeMediaUrl(item.download_url);
  if (!src) return;
  const isHls = item.is_m3u8 === 1;
  const probe = document.createElement(kind);
  if (needsHlsJs(probe, isHls)) void loadHls().catch(() => undefined);
  else if (playsFromSrc(probe, isHls)) {
    startEarlyMedia(kind, src, { label: item.name, poster: item.thumb_url });
  }
}
