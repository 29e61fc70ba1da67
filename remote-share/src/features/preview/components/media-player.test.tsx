import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost } from 'shared-contracts/testing';
import { item } from '../../../testing/fixtures';
import { playTo, stubMediaElements, type MediaStubs } from '../../../testing/media';
import { renderWithHost } from '../../../testing/render';
import * as earlyMedia from '../player/early-media';
import type { PlayerSetup } from '../player/player-options';
import { MediaPlayer } from './media-player';

/** The lazily loaded player (Plyr, hls.js) is replaced: it only records what it was given. */
const created: { media: HTMLMediaElement; setup: PlayerSetup; onError(message: string): void }[] =
  [];
const destroyed = jest.fn();
jest.mock('../player/media-engine', () => ({
  createPlayer: jest.fn(
    async (media: HTMLMediaElement, setup: PlayerSetup, onError: (message: string) => void) => {
      created.push({ media, setup, onError });
      return { destroy: destroyed };
    },
  ),
}));

const hlsVideo = item({
  id: 31,
  name: 'waves.mp4',
  media_type: 2,
  is_m3u8: 1,
  duration: 70,
  download_url: 'https://media.example.com/waves/preview.m3u8',
  thumb_url: 'https://media.example.com/waves/poster.jpg',
});
const song = item({
  id: 32,
  name: 'tone.mp3',
  media_type: 3,
  duration: 70,
  download_url: '/media/tone.mp3',
});

let stubs: MediaStubs;
beforeEach(() => {
  created.length = 0;
  destroyed.mockClear();
  stubs = stubMediaElements();
});
afterEach(() => stubs.restore());

function setup(props: Partial<Parameters<typeof MediaPlayer>[0]> = {}) {
  const fake = createFakeHost();
  const onSave = jest.fn();
  const utils = renderWithHost(
    fake.host,
    <MediaPlayer item={hlsVideo} kind="video" canSave onSave={onSave} {...props} />,
  );
  return { ...fake, ...utils, onSave };
}

async function started() {
  await waitFor(() => expect(created).toHaveLength(1));
  await waitFor(() =>
    expect(screen.queryByRole('status', { name: 'Loading the player' })).not.toBeInTheDocument(),
  );
  const entry = created[0];
  if (!entry) throw new Error('no player');
  return entry;
}

describe('the video player', () => {
  it('creates a video without picture-in-picture and hands the player the HLS playlist', async () => {
    setup();
    expect(screen.getByRole('status', { name: 'Loading the player' })).toBeInTheDocument();
    const { media, setup: playerSetup } = await started();
    expect(media).toBeInstanceOf(HTMLVideoElement);
    expect(media).toHaveAttribute('aria-label', 'waves.mp4');
    expect(media).toHaveAttribute('disablepictureinpicture');
    expect(media).toHaveAttribute('playsinline');
    expect(media).toHaveAttribute('poster', 'https://media.example.com/waves/poster.jpg');
    expect(playerSetup).toMatchObject({
      kind: 'video',
      hls: true,
      src: 'https://media.example.com/waves/preview.m3u8',
    });
  });

  it('starts playing on its own, muted when the browser refuses sound', async () => {
    stubs.refuseSoundOnce();
    setup();
    const { media } = await started();
    await waitFor(() => expect(media.paused).toBe(false));
    expect(media.muted).toBe(true);
  });

  it('reports success once the media can play', async () => {
    const { record } = setup();
    const { media } = await started();
    fireEvent(media, new Event('canplay'));
    fireEvent(media, new Event('canplay'));
    expect(record.events).toEqual([
      { name: 'share_preview_success', content: { file_id: 31, media_type: 2 } },
    ]);
  });

  it('shows a media error as a toast and reports it', async () => {
    const { record } = setup();
    const { onError } = await started();
    act(() => onError('hls networkError: manifestLoadError'));
    expect(record.toasts).toEqual(['This file could not be played']);
    expect(record.events).toEqual([
      {
        name: 'share_preview_fail',
        content: {
          file_id: 31,
          media_type: 2,
          error_message: 'hls networkError: manifestLoadError',
        },
      },
    ]);
  });

  it('refuses a source that is not http(s) without loading the player', async () => {
    const { record } = setup({ item: { ...hlsVideo, download_url: 'data:video/mp4;base64,AAAA' } });
    expect(record.toasts).toEqual(['This file could not be played']);
    expect(record.events[0]?.content?.error_message).toBe('invalid media url');
    await act(async () => undefined);
    expect(created).toHaveLength(0);
  });

  it('pauses at one minute and offers to save that one file', async () => {
    const { onSave } = setup();
    const { media } = await started();
    await waitFor(() => expect(media.paused).toBe(false));
    act(() => playTo(media, 30));
    expect(screen.queryByText('The 1-minute preview has ended')).not.toBeInTheDocument();
    act(() => playTo(media, 60));
    expect(media.paused).toBe(true);
    expect(
      screen.getByRole('heading', { name: 'The 1-minute preview has ended' }),
    ).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save to cloud' });
    expect(save).toHaveFocus();
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledWith(31);
    // Playing again stays blocked.
    await act(async () => {
      await media.play();
    });
    expect(media.paused).toBe(true);
  });

  it('says from the start that a longer file is a one-minute preview, and its whole length', async () => {
    const { unmount } = setup();
    expect(screen.getByText('1-minute preview · full length 00:01:10')).toBeInTheDocument();
    await started();
    unmount();
    // A file the minute holds whole plays whole: nothing to say.
    setup({ item: { ...hlsVideo, duration: 45 } });
    await started();
    expect(screen.queryByText(/1-minute preview/)).not.toBeInTheDocument();
  });

  it('shows the overlay when a seek jumps past the limit', async () => {
    setup();
    const { media } = await started();
    act(() => {
      media.currentTime = 65;
    });
    expect(media.currentTime).toBe(60);
    expect(screen.getByText('The 1-minute preview has ended')).toBeInTheDocument();
    // The player under the card is out of the keyboard's reach.
    expect(media.closest('[inert]')).not.toBeNull();
  });

  it("disables the overlay's button on the sharer's own share", async () => {
    setup({ canSave: false });
    const { media } = await started();
    act(() => playTo(media, 60));
    expect(
      screen.getByRole('button', { name: 'Cannot save files that you have shared' }),
    ).toBeDisabled();
  });

  it('tears the player down when it closes', async () => {
    const { unmount } = setup();
    const { media } = await started();
    unmount();
    expect(destroyed).toHaveBeenCalledTimes(1);
    expect(media.isConnected).toBe(false);
  });
});

describe('the audio player', () => {
  it('plays an audio element and animates the background only while playing', async () => {
    setup({ item: song, kind: 'audio' });
    const { media, setup: playerSetup } = await started();
    expect(media).toBeInstanceOf(HTMLAudioElement);
    expect(playerSetup).toMatchObject({ kind: 'audio', hls: false });
    // Set by the preview itself, so the file downloads beside the player's code.
    expect(media.src).toBe('http://localhost/media/tone.mp3');
    const artwork = screen.getByRole('img', { name: 'Audio: tone.mp3' });
    await waitFor(() => expect(artwork).toHaveStyle({ animationPlayState: 'running' }));
    act(() => media.pause());
    expect(artwork).toHaveStyle({ animationPlayState: 'paused' });
    await act(async () => {
      await media.play();
    });
    expect(artwork).toHaveStyle({ animationPlayState: 'running' });
  });

  it('plays the element the tap started, its stream already loaded, and reports success', async () => {
    const early = document.createElement('audio');
    early.src = 'http://localhost/media/tone.mp3';
    // The tap's element had loaded enough to play before the preview was there to hear canplay.
    Object.defineProperty(early, 'readyState', { configurable: true, value: 4 });
    const take = jest.spyOn(earlyMedia, 'takeEarlyMedia').mockReturnValueOnce(early);
    const { record } = setup({ item: song, kind: 'audio' });
    const { media } = await started();
    expect(take).toHaveBeenCalledWith('audio', 'http://localhost/media/tone.mp3');
    expect(media).toBe(early);
    expect(record.events).toEqual([
      { name: 'share_preview_success', content: { file_id: 32, media_type: 3 } },
    ]);
  });

  it('stops at one minute too', async () => {
    setup({ item: song, kind: 'audio' });
    const { media } = await started();
    act(() => playTo(media, 60.4));
    expect(media.currentTime).toBe(60);
    expect(screen.getByRole('button', { name: 'Save to cloud' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Audio: tone.mp3' })).toHaveStyle({
      animationPlayState: 'paused',
    });
  });
});
