import { PREVIEW_LIMIT_SECONDS } from 'shared-contracts';

/**
 * A playlist cut at the limit ends a little before it (whole segments, rounding): an `ended`
 * this close to the limit is the limit too.
 */
const END_TOLERANCE_SECONDS = 1;

/**
 * Enforces the one-minute preview on a media element: at `limit` seconds of playback it pauses,
 * seeking past the limit is clamped back to it, and once reached, playing again is refused.
 * `onReached` is called once. Returns the cleanup.
 */
export function enforcePreviewLimit(
  media: HTMLMediaElement,
  onReached: () => void,
  limit: number = PREVIEW_LIMIT_SECONDS,
): () => void {
  let reached = false;

  const reach = () => {
    if (!media.paused) media.pause();
    if (reached) return;
    reached = true;
    onReached();
  };

  const check = () => {
    if (media.currentTime >= limit) {
      if (media.currentTime > limit) media.currentTime = limit;
      reach();
    }
  };

  const onPlay = () => {
    if (reached) media.pause();
    else check();
  };

  const onEnded = () => {
    if (media.currentTime >= limit - END_TOLERANCE_SECONDS) reach();
  };

  media.addEventListener('timeupdate', check);
  media.addEventListener('seeking', check);
  media.addEventListener('seeked', check);
  media.addEventListener('play', onPlay);
  media.addEventListener('playing', onPlay);
  media.addEventListener('ended', onEnded);
  return () => {
    media.removeEventListener('timeupdate', check);
    media.removeEventListener('seeking', check);
    media.removeEventListener('seeked', check);
    media.removeEventListener('play', onPlay);
    media.removeEventListener('playing', onPlay);
    media.removeEventListener('ended', onEnded);
  };
}

/**
 * Starts playback; when the browser refuses autoplay with sound (NotAllowedError), it mutes the
 * element and tries again. Resolves to how it went; never rejects.
 */
export async function autoplay(media: HTMLMediaElement): Promise<'sound' | 'muted' | 'blocked'> {
  try {
    await media.play();
    return 'sound';
  } catch (error) {
    if (!isNotAllowed(error)) return 'blocked';
  }
  media.muted = true;
  try {
    await media.play();
    return 'muted';
  } catch {
    return 'blocked';
  }
}

function isNotAllowed(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error as { name: unknown }).name === 'NotAllowedError'
  );
}
