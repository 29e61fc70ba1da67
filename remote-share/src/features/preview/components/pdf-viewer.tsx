import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { SharedItem } from 'shared-contracts';
import { BackIcon, ChevronForwardIcon, MinusIcon, PlusIcon } from '../../../components/ui/icons';
import { formatPercent } from '../../../lib/format';
import { useDirection, useHost, useTexts } from '../../../lib/host-context';
import { useLatest } from '../../../lib/use-latest';
import { usePdfDocument } from '../hooks/use-pdf-document';
import { usePreviewReport } from '../hooks/use-preview-report';
import { fitScale, nextZoom, PDF_MAX_ZOOM, PDF_MIN_ZOOM, stepPage } from '../state/pdf-view';
import { isKeyForPreview } from './preview-keys';
import './document-viewers.css';

/** A PDF that cannot be shown, in the field data. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- field data, in English
const PDF_FAILURE = 'pdf error';

/**
 * A PDF, one page at a time: the page fitted to the screen's width (at most a reading width),
 * drawn by pdf.js with its text laid over it, so the text can be selected, copied and read by a
 * screen reader. 'Previous page' / 'Next page', the page's number, and the zoom (50 % to 300 % of
 * the fitted width) at the bottom; ArrowLeft / ArrowRight turn the page (the next one is at the
 * line's end) unless a zoomed page scrolls sideways, + and - zoom.
 */
export function PdfViewer({ item }: { item: SharedItem }) {
  const host = useHost();
  const t = useTexts();
  const direction = useDirection();
  const pdf = usePdfDocument(item);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [pageWidth, setPageWidth] = useState<number | null>(null);
  const [stageWidth, setStageWidth] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const open = pdf !== null && pdf !== 'error' ? pdf : null;
  const pageCount = open?.pageCount ?? 0;
  const error = pdf === 'error' || failed;

  const report = usePreviewReport(item, PDF_FAILURE);
  useEffect(() => {
    if (pdf === 'error') report(false);
  }, [pdf, report]);

  // The stage's width, to fit the page to it (again when the window turns or resizes).
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return undefined;
    setStageWidth(scroller.clientWidth);
    const observer = new ResizeObserver(() => setStageWidth(scroller.clientWidth));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    let current = true;
    open.pageSize(page).then(
      (size) => {
        if (current) setPageWidth(size.width);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [open, page]);

  const scale = stageWidth !== null && pageWidth !== null ? fitScale(stageWidth, pageWidth) : null;
  useEffect(() => {
    const canvas = canvasRef.current;
    const text = textRef.current;
    if (!open || scale === null || !canvas || !text) return;
    open.renderPage(page, scale * zoom, canvas, text).then(
      () => report(true),
      () => {
        setFailed(true);
        report(false);
      },
    );
  }, [open, page, scale, zoom, report]);

  // A new page starts at its top.
  useLayoutEffect(() => {
    scrollerRef.current?.scrollTo?.({ top: 0 });
  }, [page]);

  const keys = useLatest({ pageCount, direction });
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const scroller = scrollerRef.current;
      if (!isKeyForPreview(event, scroller)) return;
      const { pageCount: count, direction: pageDirection } = keys.current;
      if (event.key === '+' || event.key === '=') setZoom((level) => nextZoom(level, 'in'));
      else if (event.key === '-') setZoom((level) => nextZoom(level, 'out'));
      else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        // A page wider than the screen scrolls sideways with the arrows instead.
        if (scroller && scroller.scrollWidth > scroller.clientWidth + 1) return;
        const towardsEnd = (event.key === 'ArrowRight') === (pageDirection !== 'rtl');
        setPage((current) => stepPage(current, towardsEnd ? 1 : -1, count));
      } else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, keys]);

  if (error) {
    return (
      <p className="ns-preview-doc__message" role="alert">
        {t('fileError')}
      </p>
    );
  }
  if (!open) {
    return (
      <p className="ns-preview-doc__message" role="status">
        {t('loading')}
      </p>
    );
  }
  const pageLabel = t('pdfPage', { n: page, total: pageCount });
  return (
    <div className="ns-preview-pdf">
      <div
        ref={scrollerRef}
        className="ns-preview-pdf__scroller"
        // Scrolled by the keyboard once focused (WCAG 2.1.1).
        tabIndex={0}
        role="region"
        aria-label={pageLabel}
      >
        <div className="ns-preview-pdf__page">
          <canvas ref={canvasRef} aria-hidden="true" />
          <div ref={textRef} className="textLayer" />
        </div>
      </div>
      <div className="ns-preview-image__controls">
        <div className="ns-preview-image__tools" role="group" aria-label={t('pdfControls')}>
          <ToolButton
            label={t('previousPage')}
            enabled={page > 1}
            onPress={() => setPage((current) => stepPage(current, -1, pageCount))}
          >
            <BackIcon />
          </ToolButton>
          <output className="ns-preview-pdf__page-number" aria-live="polite">
            {pageLabel}
          </output>
          <ToolButton
            label={t('nextPage')}
            enabled={page < pageCount}
            onPress={() => setPage((current) => stepPage(current, 1, pageCount))}
          >
            <ChevronForwardIcon size={20} />
          </ToolButton>
        </div>
        <div className="ns-preview-image__tools" role="group" aria-label={t('zoomControls')}>
          <ToolButton
            label={t('zoomOut')}
            enabled={zoom > PDF_MIN_ZOOM}
            onPress={() => setZoom((level) => nextZoom(level, 'out'))}
          >
            <MinusIcon />
          </ToolButton>
          <output className="ns-preview-image__level" aria-live="polite">
            {formatPercent(zoom, host.language)}
          </output>
          <ToolButton
            label={t('zoomIn')}
            enabled={zoom < PDF_MAX_ZOOM}
            onPress={() => setZoom((level) => nextZoom(level, 'in'))}
          >
            <PlusIcon />
          </ToolButton>
        </div>
      </div>
    </div>
  );
}

/** A control at its end stays focusable, marked unavailable (a disabled one drops the focus). */
function ToolButton({
  label,
  enabled,
  onPress,
  children,
}: {
  label: string;
  enabled: boolean;
  onPress(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="ns-preview__tool"
      aria-label={label}
      aria-disabled={!enabled || undefined}
      onClick={() => {
        if (enabled) onPress();
      }}
    >
      {children}
    </button>
  );
}
