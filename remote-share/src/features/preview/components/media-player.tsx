import { useEffect, useId, useRef, useState } from 'react';
import type { SharedItem } from 'shared-contracts';
import { CloudIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useHost, useT } from '../../../lib/host-context';
import { safeMediaUrl } from '../../../lib/safe-url';
import { useLatest } from '../../../lib/use-latest';
import type { MediaKind, PlayerHandle } from '../player/player-options';
import { autoplay, enforcePreviewLimit } from '../state/preview-limit';
import { previewEventContent } from '../state/preview-events';

/** Plyr, its CSS and hls.js: a separate chunk, fetched when the first player opens. */
const loadEngine = () => import(/* webpackChunkName: "preview-player" */ '../player/media-engine');

export interface MediaPlayerProps {
  item: SharedItem;
  kind: MediaKind;
  /** False for the sharer's own share: the overlay's button is disabled. */
  canSave: boolean;
  /** Starts the save flow for this one file. */
  onSave(fileId: number): void;
}

/** What the media element is doing, for the audio animation and the overlay. */
interface PlaybackState {
  ready: boolean;
  playing: boolean;
  limitReached: boolean;
}

function errorMessageOf(media: HTMLMediaElement): string {
  const error = media.error;
  if (!error) return 'media error';
  return error.message
    ? `media error ${error.code}: ${error.message}`
    : `media error ${error.code}`;
}

/** The overlay is in the page: leave fullscreen (the page's, or iOS's native video one). */
function exitFullscreen(media: HTMLMediaElement) {
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

/**
 * A video or audio preview: the media element is created here (Plyr rearranges the DOM around
 * it, so React does not own it), the player is loaded lazily, playback starts on its own, and
 * the one-minute limit pauses it and shows the save overlay.
 */
export function MediaPlayer({ item, kind, canSave, onSave }: MediaPlayerProps) {
  const host = useHost();
  const t = useT();
  const slotRef = useRef<HTMLDivElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const [state, setState] = useState<PlaybackState>({
    ready: false,
    playing: false,
    limitReached: false,
  });
  const context = useLatest({ host, t });

  const src = item.download_url;
  const isHls = item.is_m3u8 === 1;
  const poster = item.thumb_url;
  const fileId = item.id;
  const fileName = item.name;
  const mediaType = item.media_type;
  useEffect(() => {
    const slot = slotRef.current;
    if (!slot) return;
    const { host, t } = context.current;
    const eventContent = previewEventContent({ id: fileId, media_type: mediaType });
    let alive = true;
    let failed = false;
    let succeeded = false;
    const fail = (message: string) => {
      if (!alive || failed) return;
      failed = true;
      host.toast.show(t('mediaError'));
      host.events.report('share_preview_fail', { ...eventContent, error_message: message });
    };

    const url = safeMediaUrl(src);
    if (!url) {
      fail('invalid media url');
      return;
    }

    const media = document.createElement(kind);
    media.preload = 'auto';
    media.setAttribute('aria-label', fileName);
    media.setAttribute('playsinline', '');
    media.setAttribute('webkit-playsinline', '');
    if (media instanceof HTMLVideoElement) {
      media.playsInline = true;
      media.disablePictureInPicture = true;
      media.setAttribute('disablepictureinpicture', '');
      const posterUrl = safeMediaUrl(poster);
      if (posterUrl) media.poster = posterUrl;
    }
    slot.appendChild(media);

    const update = (patch: Partial<PlaybackState>) => {
      if (alive) setState((previous) => ({ ...previous, ...patch }));
    };
    const onPlay = () => update({ playing: true });
    const onPause = () => update({ playing: false });
    const onCanPlay = () => {
      if (succeeded || failed) return;
      succeeded = true;
      host.events.report('share_preview_success', eventContent);
    };
    const onError = () => fail(errorMessageOf(media));
    const listeners: [string, () => void][] = [
      ['play', onPlay],
      ['playing', onPlay],
      ['pause', onPause],
      ['ended', onPause],
      ['canplay', onCanPlay],
      ['error', onError],
    ];
    for (const [name, listener] of listeners) media.addEventListener(name, listener);
    const stopLimit = enforcePreviewLimit(media, () => {
      exitFullscreen(media);
      update({ limitReached: true, playing: false });
    });

    let handle: PlayerHandle | null = null;
    loadEngine()
      .then((engine) => engine.createPlayer(media, { kind, src: url, hls: isHls, t }, fail))
      .then((started) => {
        if (!alive) {
          started.destroy();
          return;
        }
        handle = started;
        update({ ready: true });
        if (!failed) void autoplay(media);
      })
      .catch((error: unknown) => {
        fail(error instanceof Error ? `player: ${error.message}` : 'player failed to load');
        update({ ready: true });
      });

    return () => {
      alive = false;
      for (const [name, listener] of listeners) media.removeEventListener(name, listener);
      stopLimit();
      if (!media.paused) media.pause();
      handle?.destroy();
      slot.replaceChildren();
    };
  }, [fileId, fileName, mediaType, src, isHls, poster, kind, context]);

  // The overlay takes the focus, so its button is the next thing a keyboard reaches.
  useEffect(() => {
    if (state.limitReached) saveRef.current?.focus();
  }, [state.limitReached]);

  return (
    <div
      className={`ns-player ns-player--${kind} ${state.playing ? 'ns-player--playing' : ''}`}
      data-playing={state.playing}
    >
      {kind === 'audio' ? (
        <div
          className="ns-player__artwork"
          role="img"
          aria-label={t('audioArtwork', { name: item.name })}
          style={{ animationPlayState: state.playing ? 'running' : 'paused' }}
        >
          {[0, 1, 2, 3, 4].map((bar) => (
            <span
              key={bar}
              className="ns-player__bar"
              style={{ animationPlayState: state.playing ? 'running' : 'paused' }}
            />
          ))}
        </div>
      ) : null}
      <div ref={slotRef} className="ns-player__slot" />
      {!state.ready ? (
        <div className="ns-player__loading">
          <Spinner label={t('playerLoading')} />
        </div>
      ) : null}
      {state.limitReached ? (
        <section className="ns-player__limit" aria-labelledby={headingId}>
          <div className="ns-player__limit-card">
            <h2 id={headingId} className="ns-player__limit-title">
              {t('previewEnded')}
            </h2>
            <p className="ns-player__limit-text">{t('previewEndedHint')}</p>
            <button
              ref={saveRef}
              type="button"
              className="ns-button ns-button--primary"
              disabled={!canSave}
              onClick={() => onSave(item.id)}
            >
              {canSave ? <CloudIcon /> : null}
              {canSave ? t('saveToCloud') : t('cannotSaveOwn')}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
