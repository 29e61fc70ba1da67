import { playTo, stubMediaElements, type MediaStubs } from '../../../testing/media';
import { autoplay, enforcePreviewLimit } from './preview-limit';

let stubs: MediaStubs;
beforeEach(() => {
  stubs = stubMediaElements();
});
afterEach(() => stubs.restore());

describe('the one-minute preview limit', () => {
  it('lets playback run below 60 s', async () => {
    const media = document.createElement('video');
    const onReached = jest.fn();
    enforcePreviewLimit(media, onReached);
    await media.play();
    playTo(media, 59.9);
    expect(media.paused).toBe(false);
    expect(onReached).not.toHaveBeenCalled();
  });

  it('pauses at 60 s and reports it once', async () => {
    const media = document.createElement('audio');
    const onReached = jest.fn();
    enforcePreviewLimit(media, onReached);
    await media.play();
    playTo(media, 60);
    expect(media.paused).toBe(true);
    playTo(media, 60.2);
    expect(onReached).toHaveBeenCalledTimes(1);
  });

  it('clamps a seek past the limit back to 60 s', async () => {
    const media = document.createElement('video');
    const onReached = jest.fn();
    enforcePreviewLimit(media, onReached);
    await media.play();
    media.currentTime = 65;
    expect(media.currentTime).toBe(60);
    expect(media.paused).toBe(true);
    expect(onReached).toHaveBeenCalledTimes(1);
  });

  it('keeps playing blocked once the limit is reached, even after seeking back', async () => {
    const media = document.createElement('video');
    enforcePreviewLimit(media, jest.fn());
    await media.play();
    playTo(media, 60);
    media.currentTime = 10;
    await media.play();
    expect(media.paused).toBe(true);
  });

  it('treats the end of a playlist cut at the limit as the limit', () => {
    const media = document.createElement('video');
    const onReached = jest.fn();
    enforcePreviewLimit(media, onReached);
    playTo(media, 59.5);
    media.dispatchEvent(new Event('ended'));
    expect(onReached).toHaveBeenCalledTimes(1);
  });

  it('does not treat the end of a short file as the limit', () => {
    const media = document.createElement('video');
    const onReached = jest.fn();
    enforcePreviewLimit(media, onReached);
    playTo(media, 20);
    media.dispatchEvent(new Event('ended'));
    expect(onReached).not.toHaveBeenCalled();
  });

  it('stops watching after cleanup', async () => {
    const media = document.createElement('video');
    const onReached = jest.fn();
    const stop = enforcePreviewLimit(media, onReached);
    stop();
    await media.play();
    playTo(media, 61);
    expect(onReached).not.toHaveBeenCalled();
    expect(media.paused).toBe(false);
  });
});

describe('autoplay', () => {
  it('plays with sound when the browser allows it', async () => {
    const media = document.createElement('video');
    await expect(autoplay(media)).resolves.toBe('sound');
    expect(media.muted).toBe(false);
    expect(media.paused).toBe(false);
  });

  it('mutes and plays again when the browser refuses sound', async () => {
    const media = document.createElement('video');
    stubs.refuseSoundOnce();
    await expect(autoplay(media)).resolves.toBe('muted');
    expect(media.muted).toBe(true);
    expect(media.paused).toBe(false);
    expect(stubs.play).toHaveBeenCalledTimes(2);
  });

  it('gives up quietly on other failures', async () => {
    const media = document.createElement('video');
    stubs.play.mockImplementationOnce(() => Promise.reject(new Error('decode')));
    await expect(autoplay(media)).resolves.toBe('blocked');
    expect(stubs.play).toHaveBeenCalledTimes(1);
  });
});
