import { textsIn } from '../../../lib/texts';
import { AUDIO_CONTROLS, plyrOptions, VIDEO_CONTROLS } from './player-options';

const t = textsIn('en');

describe("Plyr's options", () => {
  it('gives the video exactly the listed controls, the speed setting and the four speeds', () => {
    const options = plyrOptions({ kind: 'video', t, iconUrl: '/remotes/share/assets/plyr.svg' });
    expect(options.controls).toEqual([
      'play-large',
      'play',
      'progress',
      'current-time',
      'duration',
      'mute',
      'settings',
      'fullscreen',
    ]);
    expect(options.controls).not.toContain('pip');
    expect(options.settings).toEqual(['speed']);
    expect(options.speed).toEqual({ selected: 1, options: [0.75, 1, 1.5, 2] });
    expect(VIDEO_CONTROLS).toHaveLength(8);
  });

  it('gives the audio play, progress, current time and duration', () => {
    const options = plyrOptions({ kind: 'audio', t });
    expect(options.controls).toEqual(['play', 'progress', 'current-time', 'duration']);
    expect(AUDIO_CONTROLS).toEqual(options.controls);
    expect(options.settings).toEqual([]);
  });

  it('fetches nothing from a CDN and keeps no settings in storage', () => {
    const options = plyrOptions({ kind: 'video', t, iconUrl: '/assets/plyr.svg' });
    expect(options.iconUrl).toBe('/assets/plyr.svg');
    expect(options.loadSprite).toBe(true);
    expect(options.blankVideo).toBe('');
    expect(options.storage).toEqual({ enabled: false });
    expect(JSON.stringify(options)).not.toContain('cdn.plyr.io');
  });

  it("labels the controls through the viewer's texts", () => {
    const options = plyrOptions({ kind: 'video', t }) as { i18n: Record<string, string> };
    expect(options.i18n.speed).toBe('Speed');
    expect(options.i18n.enterFullscreen).toBe('Enter fullscreen');
  });
});
