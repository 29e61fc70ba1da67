import {
  getDocument,
  GlobalWorkerOptions,
  RenderingCancelledException,
  TextLayer,
  type PDFDocumentProxy,
  type RenderTask,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfDocumentHandle } from './load-pdf-engine';
import { PdfDataFiles } from './pdf-data-files';

// The worker is a file of this remote's, from its own origin (the page's CSP: worker-src 'self').
// The legacy build: the phones the viewer supports (Safari 15.4, Chrome 94) lack what the
// modern build uses.
GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/legacy/build/pdf.worker.min.mjs',
  import.meta.url,
).href;

/** A canvas larger than this many pixels is drawn at a lower resolution (phones' memory). */
const MAX_CANVAS_PIXELS = 16_777_216;

/** Opens a PDF: no scripts (the viewer has no annotation layer), no XFA forms. */
export async function openPdf(url: string): Promise<PdfDocumentHandle> {
  const loading = getDocument({
    url,
    enableXfa: false,
    useSystemFonts: true,
    BinaryDataFactory: PdfDataFiles,
    useWorkerFetch: false,
  });
  const pdf: PDFDocumentProxy = await loading.promise;
  let current: { task: RenderTask; text: TextLayer | null } | null = null;

  const cancelCurrent = () => {
    current?.task.cancel();
    current?.text?.cancel();
    current = null;
  };

  return {
    pageCount: pdf.numPages,
    async pageSize(pageNumber) {
      const page = await pdf.getPage(pageNumber);
      const { width, height } = page.getViewport({ scale: 1 });
      return { width, height };
    },
    async renderPage(pageNumber, scale, canvas, textLayer) {
      cancelCurrent();
      const page = await pdf.getPage(pageNumber);
      const viewport = page.getViewport({ scale });
      const wanted = window.devicePixelRatio || 1;
      const ratio = Math.min(
        wanted,
        Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)),
      );
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      const task = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      textLayer.replaceChildren();
      textLayer.style.setProperty('--total-scale-factor', String(scale));
      const text = new TextLayer({
        textContentSource: page.streamTextContent(),
        container: textLayer,
        viewport,
      });
      const rendering = { task, text };
      current = rendering;
      try {
        await Promise.all([task.promise, text.render()]);
      } catch (error) {
        // A newer page or zoom took over: not a failure.
        if (error instanceof RenderingCancelledException || current !== rendering) return;
        throw error;
      }
    },
    destroy() {
      cancelCurrent();
      void loading.destroy();
    },
  };
}
