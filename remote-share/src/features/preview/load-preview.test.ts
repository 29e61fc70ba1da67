import { MediaType } from 'shared-contracts';
import { startLoadingPreview } from './load-preview';
import { loadHls } from './player/hls-loader';
import { loadPlayerEngine } from './player/load-player-engine';

jest.mock('./player/load-player-engine', () => ({
  loadPlayerEngine: jest.fn(() => Promise.resolve({})),
}));
jest.mock('./player/hls-loader', () => ({
  ...jest.requireActual('./player/hls-loader'),
  loadHls: jest.fn(() => Promise.resolve({})),
}));

describe('startLoadingPreview (the tap that opens a preview)', () => {
  const withNativeHls = (answer: string) =>
    jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue(answer as '');
  beforeEach(() => {
    jest.clearAllMocks();
    Object.defineProperty(window, 'MediaSource', { configurable: true, value: function () {} });
  });
  afterEach(() => jest.restoreAllMocks());

  it('asks for the player with the preview of a video or an audio', () => {
    startLoadingPreview({ media_type: MediaType.Audio, is_m3u8: 0 });
    startLoadingPreview({ media_type: MediaType.Video, is_m3u8: 0 });
    expect(loadPlayerEngine).toHaveBeenCalledTimes(2);
    expect(loadHls).not.toHaveBeenCalled();
  });

  it('asks for hls.js too for a playlist the browser cannot play itself', () => {
    withNativeHls('');
    startLoadingPreview({ media_type: MediaType.Video, is_m3u8: 1 });
    expect(loadHls).toHaveBeenCalledTimes(1);
    withNativeHls('maybe');
    startLoadingPreview({ media_type: MediaType.Video, is_m3u8: 1 });
    expect(loadHls).toHaveBeenCalledTimes(1);
  });

  it('asks for no player for an image', () => {
    startLoadingPreview({ media_type: MediaType.Image, is_m3u8: 0 });
    expect(loadPlayerEngine).not.toHaveBeenCalled();
    expect(loadHls).not.toHaveBeenCalled();
  });
});
