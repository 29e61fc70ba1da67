import { useEffect, useId, useRef, useState } from 'react';
import { PREVIEW_LIMIT_SECONDS, type SharedItem } from 'shared-contracts';
import { CloudIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { formatDuration } from '../../../lib/format';
import { useHost, useTexts } from '../../../lib/host-context';
import { safeMediaUrl } from '../../../lib/safe-url';
import { useLatest } from '../../../lib/use-latest';
import {
  exitFullscreen,
  focusPlayToggle,
  previewOutcome,
  watchPlayback,
} from '../player/media-steps';
import { createMediaElement, takeEarlyMedia } from '../player/early-media';
import { playsFromSrc } from '../player/hls-loader';
import { loadPlayerEngine } from '../player/load-player-engine';
import type { MediaKind, PlayerHandle } from '../player/player-options';
import { autoplay, enforcePreviewLimit } from '../state/preview-limit';
import { previewEventContent } from '../state/preview-events';
import './media-player.css';

/**
 * Loads the player and starts playback (muted when the browser refuses sound); resolves with the
 * player, or null when it failed (reported) or the preview closed meanwhile.
 */
async function startPlayer(
  media: HTMLMediaElement,
  options: Parameters<Awaited<ReturnType<typeof loadPlayerEngine>>['createPlayer']>[1],
  outcome: ReturnType<typeof previewOutcome>,
): Promise<PlayerHandle | null> {
  try {
    const engine = await loadPlayerEngine();
    const handle = await engine.createPlayer(media, options, (message) => outcome.fail(message));
    if (!outcome.failed) void autoplay(media);
    return handle;
  } catch (error) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- field data, in English
    outcome.fail(error instanceof Error ? `player: ${error.message}` : 'player failed to load');
    return null;
  }
}

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

/**
 * A video or audio preview: the media element is created here (Plyr rearranges the DOM around
 * it, so React does not own it), the player is loaded lazily, playback starts on its own, and
 * the one-minute limit pauses it and shows the save overlay. A file longer than the limit says
 * so, with its whole length, from the start.
 */
export function MediaPlayer({ item, kind, canSave, onSave }: MediaPlayerProps) {
  const host = useHost();
  const t = useTexts();
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
    const outcome = previewOutcome(
      host,
      t,
      previewEventContent({ id: fileId, media_type: mediaType }),
    );
    const url = safeMediaUrl(src);
    if (!url) {
      // eslint-disable-next-line lingui/no-unlocalized-strings -- field data, in English
      outcome.fail('invalid media url');
      return;
    }
    let alive = true;
    const update = (patch: Partial<PlaybackState>) => {
      if (alive) setState((previous) => ({ ...previous, ...patch }));
    };

    // The element the tap started, its stream already downloading (load-preview.ts), or a new one.
    const early = takeEarlyMedia(kind, url);
    const media = early ?? createMediaElement(kind, { label: fileName, poster });
    slot.appendChild(media);
    const stopWatching = watchPlayback(media, {
      onPlaying: (playing) => update({ playing }),
      onCanPlay: () => outcome.succeed(),
      onError: (message) => outcome.fail(message),
    });
    const stopLimit = enforcePreviewLimit(media, () => {
      exitFullscreen(media);
      update({ limitReached: true, playing: false });
    });
    let handle: PlayerHandle | null = null;
    // The stream is requested while the player's chunk downloads (asked for by the tap:
    // load-preview.ts), not after it: a file or a playlist the browser plays itself, unless the
    // tap's element already has it; hls.js attaches a playlist when the player has loaded.
    if (!early && playsFromSrc(media, isHls)) media.src = url;
    void startPlayer(media, { kind, src: url, hls: isHls, t }, outcome).then((started) => {
      // Closed while the player loaded: it goes at once.
      if (!alive) started?.destroy();
      handle = started;
      update({ ready: true });
      // The preview starts with the focus on its close button (preview-screen.tsx).
      if (started && kind === 'audio') {
        focusPlayToggle(slot, (focused) => focused.matches('.ns-preview__close'));
      }
    });

    return () => {
      alive = false;
      outcome.close();
      stopWatching();
      stopLimit();
      if (!media.paused) media.pause();
      handle?.destroy();
      slot.replaceChildren();
    };
  }, [fileId, fileName, mediaType, src, isHls, poster, kind, context]);

  // The overlay takes the focus, so its button is the next thing a keyboard reaches; the player
  // under it is out of reach (inert), or Tab would land on controls the overlay covers.
  useEffect(() => {
    slotRef.current?.toggleAttribute('inert', state.limitReached);
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
      {/* Said from the start, not only when it ends: the player's own clock knows only the cut. */}
      {(item.duration ?? 0) > PREVIEW_LIMIT_SECONDS ? (
        <p className="ns-player__badge">
          {t('previewBadge', { duration: formatDuration(item.duration) })}
        </p>
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
