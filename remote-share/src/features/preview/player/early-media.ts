import { safeMediaUrl } from '../../../lib/safe-url';
import type { MediaKind } from './player-options';

/**
 * The media element, made by the preview or by its tap rather than by React: Plyr rearranges the
 * DOM around it. Inline on phones, no picture-in-picture, the file's name as its label.
 */
export function createMediaElement(
  kind: MediaKind,
  { label, poster }: { label: string; poster: string },
): HTMLMediaElement {
  const media = document.createElement(kind);
  media.preload = 'auto';
  media.setAttribute('aria-label', label);
  media.setAttribute('playsinline', '');
  media.setAttribute('webkit-playsinline', '');
  if (media instanceof HTMLVideoElement) {
    media.playsInline = true;
    media.disablePictureInPicture = true;
    media.setAttribute('disablepictureinpicture', '');
    const posterUrl = safeMediaUrl(poster);
    if (posterUrl) media.poster = posterUrl;
  }
  return media;
}

/** How long a media element started by a tap waits for its preview before it lets go. */
export const EARLY_MEDIA_WAIT_MS = 15_000;

interface EarlyMedia {
  kind: MediaKind;
  src: string;
  media: HTMLMediaElement;
  timer: ReturnType<typeof setTimeout>;
}

/** The one element started by the last tap, until its preview takes it. */
let waiting: EarlyMedia | null = null;

/** Stops an element's download: without a source it holds nothing (the HTML spec's way). */
function release(media: HTMLMediaElement) {
  media.removeAttribute('src');
  media.load();
}

function dropWaiting() {
  if (!waiting) return;
  clearTimeout(waiting.timer);
  release(waiting.media);
  waiting = null;
}

/**
 * The tap that opens a video or an audio (the browser playing its source itself) makes its
 * element and sets its source at once, so the stream starts downloading beside the preview's
 * chunks rather than after they have arrived and rendered: on a phone the playlist's and the
 * segments' requests had waited ~0.4 s for them (docs/performance.md, "What loads only when
 * used"). The preview takes the element (`takeEarlyMedia`); one the preview never takes stops
 * downloading after `EARLY_MEDIA_WAIT_MS`, or when another tap starts one.
 */
export function startEarlyMedia(
  kind: MediaKind,
  src: string,
  options: { label: string; poster: string },
): void {
  dropWaiting();
  const media = createMediaElement(kind, options);
  media.src = src;
  const timer = setTimeout(dropWaiting, EARLY_MEDIA_WAIT_MS);
  waiting = { kind, src, media, timer };
}

/** The element a tap started for this preview (same kind and source), once; otherwise null. */
export function takeEarlyMedia(kind: MediaKind, src: string): HTMLMediaElement | null {
  if (!waiting || waiting.kind !== kind || waiting.src !== src) return null;
  const { media, timer } = waiting;
  clearTimeout(timer);
  waiting = null;
  return media;
}
