import { useLayoutEffect, useRef } from 'react';
import { MinusIcon, PlusIcon } from '../../../components/ui/icons';
import { formatPercent } from '../../../lib/format';
import { useHost, useTexts } from '../../../lib/host-context';
import { MAX_SCALE, MIN_SCALE, type PanSide, type ZoomView } from '../state/image-zoom';

/** The pan arrows clockwise from up: each is the upward one turned a quarter more. */
const CLOCKWISE: readonly PanSide[] = ['up', 'right', 'down', 'left'];

function ArrowIcon({ side }: { side: PanSide }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      style={{ transform: `rotate(${CLOCKWISE.indexOf(side) * 90}deg)` }}
    >
      <path
        d="M12 19V5M6 11l6-6 6 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The zoom buttons and level, and while zoomed four buttons that pan the image (for whoever
 * cannot drag: WCAG 2.5.7). A pan button at its edge stays focusable, marked unavailable; when
 * the zoom goes back to 1x under a pan button's focus, the focus moves to 'Zoom in' instead of
 * falling to the page.
 */
export function ImageControls({
  view,
  canPanTo,
  onZoom,
  onPan,
}: {
  view: ZoomView;
  canPanTo(side: PanSide): boolean;
  onZoom(direction: 'in' | 'out'): void;
  onPan(side: PanSide): void;
}) {
  const host = useHost();
  const t = useTexts();
  const zoomed = view.scale > MIN_SCALE;
  const zoomInRef = useRef<HTMLButtonElement>(null);
  const panHadFocus = useRef(false);
  useLayoutEffect(() => {
    if (zoomed || !panHadFocus.current) return;
    panHadFocus.current = false;
    if (document.activeElement === document.body || document.activeElement === null)
      zoomInRef.current?.focus();
  }, [zoomed]);

  const panButton = (side: PanSide, label: string) => (
    <button
      type="button"
      className="ns-preview__tool"
      aria-label={label}
      aria-disabled={!canPanTo(side) || undefined}
      onClick={() => {
        if (canPanTo(side)) onPan(side);
      }}
    >
      <ArrowIcon side={side} />
    </button>
  );

  return (
    <div className="ns-preview-image__controls">
      {zoomed ? (
        <div
          className="ns-preview-image__tools"
          role="group"
          aria-label={t('panImage')}
          onFocus={() => {
            panHadFocus.current = true;
          }}
          onBlur={() => {
            panHadFocus.current = false;
          }}
        >
          {panButton('left', t('panLeft'))}
          {panButton('up', t('panUp'))}
          {panButton('down', t('panDown'))}
          {panButton('right', t('panRight'))}
        </div>
      ) : null}
      <div className="ns-preview-image__tools" role="group" aria-label={t('imageControls')}>
        <button
          type="button"
          className="ns-preview__tool"
          aria-label={t('zoomOut')}
          aria-disabled={!zoomed || undefined}
          onClick={() => {
            if (zoomed) onZoom('out');
          }}
        >
          <MinusIcon />
        </button>
        <output className="ns-preview-image__level" aria-live="polite">
          {formatPercent(view.scale, host.language)}
        </output>
        <button
          ref={zoomInRef}
          type="button"
          className="ns-preview__tool"
          aria-label={t('zoomIn')}
          aria-disabled={view.scale >= MAX_SCALE || undefined}
          onClick={() => {
            if (view.scale < MAX_SCALE) onZoom('in');
          }}
        >
          <PlusIcon />
        </button>
      </div>
    </div>
  );
}
