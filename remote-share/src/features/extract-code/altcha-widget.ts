import 'altcha';
import type { AltchaWidgetElement } from 'altcha';
import type { Challenge, Configuration } from 'altcha/types';

/** The widget's texts that show (its footer and logo are hidden; the rest never shows here). */
export interface ProofOfWorkTexts {
  label: string;
  verifying: string;
  verified: string;
  error: string;
  expired: string;
}

/**
 * ALTCHA's widget (its own chunk: loaded only when a share under attack asks for a proof of work)
 * for one challenge, solving it at once: `onSolved` gets the payload for the server.
 */
export function createAltchaWidget(
  challenge: object,
  texts: ProofOfWorkTexts,
  onSolved: (payload: string) => void,
): AltchaWidgetElement {
  const registry = (globalThis as { $altcha?: AltchaRegistry }).$altcha;
  registry?.i18n.set('en', { ...registry.i18n.get('en'), ...texts });
  const widget = document.createElement('altcha-widget');
  widget.addEventListener('verified', (event) => {
    const payload = (event as CustomEvent<{ payload?: string }>).detail.payload;
    if (payload) onSolved(payload);
  });
  // Read when it mounts: the server's challenge as it came, solved at once.
  const configuration: Partial<Configuration> = {
    challenge: challenge as Challenge,
    auto: 'onload',
    language: 'en',
    hideFooter: true,
    hideLogo: true,
  };
  widget.setAttribute('configuration', JSON.stringify(configuration));
  return widget;
}

/** The part of the widget's global registry this uses (its translations). */
interface AltchaRegistry {
  i18n: {
    get(language: string): Record<string, string>;
    set(language: string, strings: Record<string, string>): void;
  };
}
