import { useEffect, useRef } from 'react';
import type { Translate } from 'shared-contracts';
import { useTexts } from '../../lib/host-context';
import type { TextKey } from '../../lib/texts';
import { useLatest } from '../../lib/use-latest';
import type { ProofOfWorkTexts } from './altcha-widget';

export interface ProofOfWorkProps {
  /** The challenge of the server's 4030 answer. */
  challenge: object;
  /** The solved proof (the widget's payload), to send with the code. */
  onSolved(payload: string): void;
  /** The widget could not be loaded: the visitor may try again. */
  onUnavailable(): void;
}

/** The widget's texts that show. */
function widgetTexts(t: Translate<TextKey>): ProofOfWorkTexts {
  return {
    label: t('proofLabel'),
    verifying: t('proofVerifying'),
    verified: t('proofVerified'),
    error: t('proofError'),
    expired: t('proofExpired'),
  };
}

/**
 * The short check a share under attack asks for before a code is tried (ALTCHA's proof of work,
 * about a second on a phone). Its code loads only now, never with the page; it starts at once
 * and says what it is doing.
 */
export function ProofOfWork({ challenge, onSolved, onUnavailable }: ProofOfWorkProps) {
  const t = useTexts();
  const container = useRef<HTMLDivElement>(null);
  // What the widget reports to (its texts are set once, when it is made).
  const latest = useLatest({ t, onSolved, onUnavailable });

  useEffect(() => {
    let alive = true;
    let widget: HTMLElement | null = null;
    import(/* webpackChunkName: "altcha" */ './altcha-widget').then(
      ({ createAltchaWidget }) => {
        if (!alive || !container.current) return;
        widget = createAltchaWidget(challenge, widgetTexts(latest.current.t), (payload) => {
          if (alive) latest.current.onSolved(payload);
        });
        container.current.append(widget);
      },
      () => {
        if (alive) latest.current.onUnavailable();
      },
    );
    return () => {
      alive = false;
      widget?.remove();
    };
  }, [challenge, latest]);

  return (
    <div className="ns-extract__proof">
      <p className="ns-extract__proof-note" role="status">
        {t('proofNeeded')}
      </p>
      <div ref={container} className="ns-extract__proof-widget" />
    </div>
  );
}
