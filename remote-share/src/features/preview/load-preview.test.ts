import { MediaType } from 'shared-contracts';
import { item } from '../../testing/fixtures';
import { stubMediaElements, type MediaStubs } from '../../testing/media';
import { startLoadingPreview } from './load-preview';
import { EARLY_MEDIA_WAIT_MS, takeEarlyMedia } from './player/early-media';
import { loadHls } from './player/hls-loader';
import { loadPlayerEngine } from './player/load-player-engine';

jest.mock('./player/load-player-engine', () => ({
  loadPlayerEngine: jest.fn(() => Promise.resolve({})),
}));
jest.mock('./player/hls-loader', () => ({
  ...jest.requireActual('./player/hls-loader'),
  loadHls: jest.fn(() => Promise.resolve({})),
}));

const PLAYLIST = 'http://localhost/media/t/token/video/waves/index.m3u8';
const hlsVideo = item({
  name: 'waves.mp4',
  media_type: MediaType.Video,
  is_m3u8: 1,
  download_url: PLAYLIST,
});
const mp4 = item({
  name: 'clip.mp4',
  media_type: MediaType.Video,
  download_url: '/media/t/token/clip.mp4',
  thumb_url: '/media/t/token/clip-poster.jpg',
});
const song = item({ name: 'tone.mp3', media_type: MediaType.Audio, download_url: '/tone.mp3' });
const photo = item({ name: 'photo.jpg', media_type: MediaType.Image });

describe('startLoadingPreview (the tap that opens a preview)', () => {
  let stubs: MediaStubs;
  const withNativeHls = (answer: string) =>
    jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue(answer as '');
  beforeEach(() => {
    jest.clearAllMocks();
    stubs = stubMediaElements();
    Object.defineProperty(window, 'MediaSource', { configurable: true, value: function () {} });
  });
  afterEach(() => {
    stubs.restore();
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('asks for the player and starts the stream of a video or an audio the browser plays', () => {
    startLoadingPreview(song);
    expect(takeEarlyMedia('audio', 'http://localhost/tone.mp3')).toBeInstanceOf(HTMLAudioElement);
    startLoadingPreview(mp4);
    const video = takeEarlyMedia('video', 'http://localhost/media/t/token/clip.mp4');
    expect(video).toHaveAttribute('src', 'http://localhost/media/t/token/clip.mp4');
    expect(video).toHaveAttribute('aria-label', 'clip.mp4');
    expect(video).toHaveAttribute('poster', 'http://localhost/media/t/token/clip-poster.jpg');
    // Taken once: a preview opened again makes its own.
    expect(takeEarlyMedia('video', 'http://localhost/media/t/token/clip.mp4')).toBeNull();
    expect(loadPlayerEngine).toHaveBeenCalledTimes(2);
    expect(loadHls).not.toHaveBeenCalled();
  });

  it('asks for hls.js for a playlist the browser cannot play itself', () => {
    withNativeHls('');
    startLoadingPreview(hlsVideo);
    expect(loadHls).toHaveBeenCalledTimes(1);
    expect(takeEarlyMedia('video', PLAYLIST)).toBeNull();
    // The browser plays it itself, from the element's source.
    withNativeHls('maybe');
    startLoadingPreview(hlsVideo);
    expect(loadHls).toHaveBeenCalledTimes(1);
    expect(takeEarlyMedia('video', PLAYLIST)).toHaveAttribute('src', PLAYLIST);
  });

  it('lets go of a stream its preview never takes: after a while, or for the next tap', () => {
    jest.useFakeTimers();
    startLoadingPreview(mp4);
    jest.advanceTimersByTime(EARLY_MEDIA_WAIT_MS);
    expect(takeEarlyMedia('video', 'http://localhost/media/t/token/clip.mp4')).toBeNull();
    expect(stubs.load).toHaveBeenCalledTimes(1);

    startLoadingPreview(mp4);
    startLoadingPreview(song);
    expect(stubs.load).toHaveBeenCalledTimes(2);
    expect(takeEarlyMedia('video', 'http://localhost/media/t/token/clip.mp4')).toBeNull();
    expect(takeEarlyMedia('audio', 'http://localhost/tone.mp3')).not.toBeNull();
  });

  it('starts nothing for a source that is not http(s)', () => {
    startLoadingPreview({ ...mp4, download_url: 'javascript:alert(1)' });
    expect(takeEarlyMedia('video', 'javascript:alert(1)')).toBeNull();
  });

  it('asks for no player for an image', () => {
    startLoadingPreview(photo);
    expect(loadPlayerEngine).not.toHaveBeenCalled();
    expect(loadHls).not.toHaveBeenCalled();
  });
});
