/**
 * The heavy part of a video/audio preview, loaded only when one opens (its own chunk): Plyr with
 * its CSS and icon sprite, and hls.js (a further chunk) only for an HLS playlist in a browser
 * without native HLS.
 */
import Plyr from 'plyr';
import 'plyr/dist/plyr.css';
import './player.css';
// Plyr's icon sprite, as a local asset (never cdn.plyr.io). It is a copy of plyr 3.8.4's
// dist/plyr.svg: the package's exports map does not expose that file to webpack.
import plyrSprite from './plyr-3.8.4.svg';
import { hasNativeHls, loadHls } from './hls-loader';
import { plyrOptions, type PlayerHandle, type PlayerSetup } from './player-options';

/**
 * Plyr keeps a deep copy of the element as it sets up (to put back on destroy). A copy that
 * carries the stream's `src` starts downloading the stream too, a second time beside the one
 * playing: on a slow network the first frame waited for both. The copy is made without it.
 */
function createPlyrKeepingOneStream(media: HTMLMediaElement, setup: PlayerSetup): Plyr {
  const cloneNode = media.cloneNode.bind(media);
  media.cloneNode = (deep?: boolean) => {
    const copy = cloneNode(deep);
    if (copy instanceof Element) copy.removeAttribute('src');
    return copy;
  };
  try {
    return new Plyr(media, plyrOptions({ ...setup, iconUrl: plyrSprite }));
  } finally {
    // The element's own method again (it was only shadowed on this element).
    Reflect.deleteProperty(media, 'cloneNode');
  }
}

/**
 * Plyr hides a playing video's controls a few seconds after they take the focus, and at once
 * whenever playback starts or resumes after buffering, even with a keyboard's focus on one of
 * them: the focused control turns invisible and an open Settings menu closes under the user.
 * While the keyboard's focus is in the controls they stay, through Plyr's own `pressed` flag on
 * the controls element (the one a held mouse button sets).
 */
function keepControlsWhileKeyboardFocused(player: Plyr): void {
  player.on('ready', () => {
    const controls = player.elements.controls;
    if (!controls) return;
    const hold = (held: boolean) => Object.assign(controls, { pressed: held });
    controls.addEventListener('focusin', (event) => {
      if (event.target instanceof Element && event.target.matches(':focus-visible')) hold(true);
    });
    controls.addEventListener('focusout', (event) => {
      const next = event.relatedTarget;
      if (!(next instanceof Node && controls.contains(next))) hold(false);
    });
  });
}

/**
 * A video has two Play buttons: the large one over the picture and the control bar's. The large
 * one is for a pointer or a finger; to the keyboard and a screen reader it would be a second
 * "Play", so it stays out of their way (the bar's Play, and a tap on the picture, do the same).
 */
function keepOnePlayButtonForAssistiveTech(player: Plyr): void {
  player.on('ready', () => {
    const large = player.elements.container?.querySelector('.plyr__control--overlaid');
    if (!large) return;
    large.setAttribute('aria-hidden', 'true');
    large.setAttribute('tabindex', '-1');
  });
}

/**
 * Attaches hls.js (an HLS playlist in a browser without native HLS) and Plyr to `media`; any
 * other source the caller has set on the element already, so that it downloads beside this
 * chunk. `onError` gets a message for a fatal playback error (hls.js errors; the element's own
 * `error` event is the caller's).
 */
export async function createPlayer(
  media: HTMLMediaElement,
  setup: PlayerSetup,
  onError: (message: string) => void,
): Promise<PlayerHandle> {
  let destroyed = false;
  let hls: { destroy(): void } | null = null;

  if (setup.hls && !hasNativeHls(media)) {
    const { default: Hls } = await loadHls();
    if (!Hls.isSupported()) {
      // eslint-disable-next-line lingui/no-unlocalized-strings -- field data, in English
      onError('hls not supported');
      return { destroy: () => undefined };
    }
    const instance = new Hls({ enableWorker: true, lowLatencyMode: false });
    instance.on(Hls.Events.ERROR, (_event, data) => {
      // eslint-disable-next-line lingui/no-unlocalized-strings -- field data, in English
      if (data.fatal && !destroyed) onError(`hls ${data.type}: ${data.details}`);
    });
    instance.loadSource(setup.src);
    instance.attachMedia(media);
    hls = instance;
  }

  const player = createPlyrKeepingOneStream(media, setup);
  keepControlsWhileKeyboardFocused(player);
  keepOnePlayButtonForAssistiveTech(player);
  return {
    destroy() {
      destroyed = true;
      hls?.destroy();
      hls = null;
      player.destroy();
    },
  };
}
