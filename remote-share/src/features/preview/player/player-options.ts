import type Plyr from 'plyr';
import { PLAYBACK_SPEEDS, type Translate } from 'shared-contracts';
import type { TextKey } from '../../../lib/texts';

export type MediaKind = 'video' | 'audio';

/** The video player's controls, in the order of docs/product.md, "Previews" (Plyr's names). */
export const VIDEO_CONTROLS: readonly string[] = [
  'play-large',
  'play',
  'progress',
  'current-time',
  'duration',
  'mute',
  'settings',
  'fullscreen',
];

/** The audio player's controls. */
export const AUDIO_CONTROLS: readonly string[] = ['play', 'progress', 'current-time', 'duration'];

/** What the lazily loaded player needs to start. */
export interface PlayerSetup {
  kind: MediaKind;
  /** A safe (http(s)) URL of the file or of its HLS playlist. */
  src: string;
  /** True when `src` is an HLS playlist. */
  hls: boolean;
  /** Plyr's sprite URL (a webpack asset of the player chunk); set by the player module. */
  iconUrl?: string;
  t: Translate<TextKey>;
}

/** A started player; `destroy` tears down Plyr and hls.js. */
export interface PlayerHandle {
  destroy(): void;
}

/**
 * Plyr's options for a preview. Nothing is fetched from Plyr's CDN: the icon sprite is a local
 * asset and the blank video (used when Plyr cancels requests) is empty. Autoplay is done by the
 * viewer itself (muted when the browser refuses sound), so Plyr's is off. Picture-in-picture is
 * not a control and the element carries `disablePictureInPicture`.
 */
export function plyrOptions(setup: Pick<PlayerSetup, 'kind' | 't' | 'iconUrl'>): Plyr.Options {
  const { t } = setup;
  const isVideo = setup.kind === 'video';
  return {
    controls: [...(isVideo ? VIDEO_CONTROLS : AUDIO_CONTROLS)],
    settings: isVideo ? ['speed'] : [],
    speed: { selected: 1, options: [...PLAYBACK_SPEEDS] },
    loadSprite: true,
    iconUrl: setup.iconUrl,
    blankVideo: '',
    autoplay: false,
    autopause: true,
    resetOnEnd: false,
    invertTime: false,
    toggleInvert: false,
    disableContextMenu: true,
    hideControls: isVideo,
    clickToPlay: true,
    keyboard: { focused: true, global: false },
    tooltips: { controls: false, seek: true },
    fullscreen: { enabled: isVideo, fallback: true, iosNative: true },
    storage: { enabled: false },
    i18n: {
      play: t('playerPlay'),
      pause: t('playerPause'),
      seek: t('playerSeek'),
      // Plyr fills its own placeholders.
      seekLabel: t('playerSeekLabel', { currentTime: '{currentTime}', duration: '{duration}' }),
      played: t('playerPlayed'),
      buffered: t('playerBuffered'),
      currentTime: t('playerCurrentTime'),
      duration: t('playerDuration'),
      mute: t('playerMute'),
      unmute: t('playerUnmute'),
      settings: t('playerSettings'),
      menuBack: t('playerMenuBack'),
      speed: t('playerSpeed'),
      normal: t('playerNormal'),
      enterFullscreen: t('playerEnterFullscreen'),
      exitFullscreen: t('playerExitFullscreen'),
    },
  };
}
