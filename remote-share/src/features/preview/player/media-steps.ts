import type { EventContent, HostServices, Translate } from 'shared-contracts';
import type { TextKey } from '../../../lib/texts';

/**
 * The steps of a media preview, in the order the player runs them: report its outcome once, follow
 * its playback (its element is made by `early-media.ts`). Plain functions: the player's effect
 * composes them.
 */

/** Reports a preview's outcome once: success on the first `canplay`, or the first failure. */
export function previewOutcome(
  host: HostServices,
  t: Translate<TextKey>,
  eventContent: EventContent,
) {
  let settled = false;
  let failed = false;
  return {
    get failed() {
      return failed;
    },
    succeed() {
      if (settled) return;
      settled = true;
      host.events.report('share_preview_success', eventContent);
    },
    /** A toast and a `share_preview_fail`, once; nothing after a success or the preview closed. */
    fail(message: string) {
      if (failed) return;
      failed = true;
      settled = true;
      host.toast.show(t('mediaError'));
      host.events.report('share_preview_fail', { ...eventContent, error_message: message });
    },
    /** The preview closed: nothing is reported from now on. */
    close() {
      failed = true;
      settled = true;
    },
  };
}

export interface PlaybackListeners {
  onPlaying(playing: boolean): void;
  onCanPlay(): void;
  onError(message: string): void;
}

/** `HTMLMediaElement.HAVE_FUTURE_DATA`: enough data to start playing (`canplay` has fired). */
const HAVE_FUTURE_DATA = 3;

/** Follows the element's playback (playing, paused or ended, ready, failed); returns the stop. */
export function watchPlayback(media: HTMLMediaElement, listeners: PlaybackListeners): () => void {
  const playing = () => listeners.onPlaying(true);
  const stopped = () => listeners.onPlaying(false);
  const failed = () => listeners.onError(errorMessageOf(media));
  const events: [string, () => void][] = [
    ['play', playing],
    ['playing', playing],
    ['pause', stopped],
    ['ended', stopped],
    ['canplay', listeners.onCanPlay],
    ['error', failed],
  ];
  for (const [name, listener] of events) media.addEventListener(name, listener);
  // An element started before it was watched (early-media.ts) may have loaded, or failed, already.
  if (media.error) failed();
  else if (media.readyState >= HAVE_FUTURE_DATA) listeners.onCanPlay();
  return () => {
    for (const [name, listener] of events) media.removeEventListener(name, listener);
  };
}

/* eslint-disable lingui/no-unlocalized-strings -- field data, in English */
function errorMessageOf(media: HTMLMediaElement): string {
  const error = media.error;
  if (!error) return 'media error';
  return error.message
    ? `media error ${error.code}: ${error.message}`
    : `media error ${error.code}`;
}
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * Audio starts talking over a screen reader: once the player is there, its play/pause toggle
 * takes the focus (the first thing announced, one key to stop it), unless the visitor has moved
 * on from where the preview put the focus (`isStartingFocus`).
 */
export function focusPlayToggle(slot: HTMLElement, isStartingFocus: (focused: Element) => boolean) {
  const toggle = slot.querySelector<HTMLElement>('button[data-plyr="play"]');
  const focused = document.activeElement;
  if (toggle && (!focused || focused === document.body || isStartingFocus(focused))) {
    toggle.focus();
  }
}

/** The overlay is in the page: leave fullscreen (the page's, or iOS's native video one). */
export function exitFullscreen(media: HTMLMediaElement) {
  const ios = media as HTMLMediaElement & { webkitExitFullscreen?: () => void };
  try {
    if (document.fullscreenElement) {
      void Promise.resolve(document.exitFullscreen()).catch(() => undefined);
    }
    ios.webkitExitFullscreen?.();
  } catch {
    // Not in fullscreen.
  }
}
