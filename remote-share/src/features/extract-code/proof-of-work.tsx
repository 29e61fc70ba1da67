import { useEffect, useRef } from 'react';
import { useT } from '../../lib/host-context';
import { useLatest } from '../../lib/use-latest';

export interface ProofOfWorkProps {
  /** The challenge of the server's 4030 answer. */
  challenge: object;
  /** The solved proof (the widget's payload), to send with the code. */
  onSolved(payload: string): void;
  /** The widget could not be loaded: the visitor may try again. */
  onUnavailable(): void;
}

/**
 * The short check a share under attack asks for before a code is tried (ALTCHA's proof of work,
 * about a second on a phone). Its code loads only now, never with the page; it starts at once
 * and says what it is doing.
 */
export function ProofOfWork({ challenge, onSolved, onUnavailable }: ProofOfWorkProps) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  // What the widget reports to (its texts are set once, when it is made).
  const latest = useLatest({ t, onSolved, onUnavailable });

  useEffect(() => {
    let alive = true;
    let widget: HTMLElement | null = null;
    import(/* webpackChunkName: "altcha" */ './altcha-widget').then(
      ({ createAltchaWidget }) => {
        if (!alive || !container.current) return;
        const { t: text } = latest.current;
        widget = createAltchaWidget(
          challenge,
          {
            label: text('proofLabel'),
            verifying: text('proofVerifying'),
            verified: text('proofVerified'),
            error: text('proofError'),
            expired: text('proofExpired'),
          },
          (payload) => {
            if (alive) latest.current.onSolved(payload);
          },
        );
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
