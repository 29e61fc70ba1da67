/**
 * jsdom has no media playback: these stand-ins keep `paused` and `currentTime` per element and
 * fire the events a browser would (play, pause, timeupdate, seeking). `refuseSoundOnce` makes the
 * next play() reject like a browser refusing autoplay with sound.
 */
interface MediaFake {
  paused: boolean;
  currentTime: number;
}

const state = new WeakMap<HTMLMediaElement, MediaFake>();

function of(media: HTMLMediaElement): MediaFake {
  let entry = state.get(media);
  if (!entry) {
    entry = { paused: true, currentTime: 0 };
    state.set(media, entry);
  }
  return entry;
}

export interface MediaStubs {
  play: jest.SpyInstance<Promise<void>, []>;
  pause: jest.SpyInstance<void, []>;
  load: jest.SpyInstance<void, []>;
  /** The next play() of an unmuted element rejects with NotAllowedError. */
  refuseSoundOnce(): void;
  restore(): void;
}

export function stubMediaElements(): MediaStubs {
  let refuseSound = false;
  const proto = HTMLMediaElement.prototype;
  const paused = Object.getOwnPropertyDescriptor(proto, 'paused');
  const currentTime = Object.getOwnPropertyDescriptor(proto, 'currentTime');
  Object.defineProperty(proto, 'paused', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return of(this).paused;
    },
  });
  Object.defineProperty(proto, 'currentTime', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return of(this).currentTime;
    },
    set(this: HTMLMediaElement, value: number) {
      of(this).currentTime = value;
      this.dispatchEvent(new Event('seeking'));
    },
  });
  const play = jest.spyOn(proto, 'play').mockImplementation(function (this: HTMLMediaElement) {
    if (refuseSound && !this.muted) {
      refuseSound = false;
      return Promise.reject(new DOMException('play() needs a gesture', 'NotAllowedError'));
    }
    of(this).paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = jest.spyOn(proto, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (of(this).paused) return;
    of(this).paused = true;
    this.dispatchEvent(new Event('pause'));
  });
  const load = jest.spyOn(proto, 'load').mockImplementation(() => undefined);
  return {
    play,
    pause,
    load,
    refuseSoundOnce: () => {
      refuseSound = true;
    },
    restore() {
      play.mockRestore();
      pause.mockRestore();
      load.mockRestore();
      if (paused) Object.defineProperty(proto, 'paused', paused);
      if (currentTime) Object.defineProperty(proto, 'currentTime', currentTime);
    },
  };
}

/** Playback reached `seconds`: sets the time and fires timeupdate, as a playing element does. */
export function playTo(media: HTMLMediaElement, seconds: number) {
  of(media).currentTime = seconds;
  media.dispatchEvent(new Event('timeupdate'));
}
