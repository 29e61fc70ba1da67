import { needsHlsJs, playsFromSrc } from './hls-loader';

const mediaPlaying = (hlsAnswer: string) =>
  ({ canPlayType: () => hlsAnswer }) as unknown as HTMLMediaElement;

describe('needsHlsJs', () => {
  const withMediaSource = (present: boolean) => {
    Object.defineProperty(window, 'MediaSource', {
      configurable: true,
      value: present ? function MediaSource() {} : undefined,
    });
  };
  afterEach(() => withMediaSource(false));

  it('is true for a playlist in a browser with Media Source and no HLS of its own', () => {
    withMediaSource(true);
    expect(needsHlsJs(mediaPlaying(''), true)).toBe(true);
  });

  it('is false for a file, where the browser plays HLS itself, or without Media Source', () => {
    withMediaSource(true);
    expect(needsHlsJs(mediaPlaying(''), false)).toBe(false);
    expect(needsHlsJs(mediaPlaying('maybe'), true)).toBe(false);
    withMediaSource(false);
    expect(needsHlsJs(mediaPlaying(''), true)).toBe(false);
  });
});

describe('playsFromSrc', () => {
  it("is true for a file, and for a playlist the browser plays itself; false for hls.js's", () => {
    expect(playsFromSrc(mediaPlaying(''), false)).toBe(true);
    expect(playsFromSrc(mediaPlaying('maybe'), true)).toBe(true);
    expect(playsFromSrc(mediaPlaying(''), true)).toBe(false);
  });
});
