/** pdf.js and its worker: their own chunk, fetched when the first PDF opens (never at start-up). */
export const loadPdfEngine = () => import(/* webpackChunkName: "pdf-engine" */ './pdf-engine');

/** A PDF open in the preview, whatever renders it. */
export interface PdfDocumentHandle {
  pageCount: number;
  /** A page's size at scale 1, in CSS pixels. */
  pageSize(pageNumber: number): Promise<{ width: number; height: number }>;
  /**
   * Draws a page at `scale` into the canvas and lays its text over it (selectable, read by a
   * screen reader) in `textLayer`. A newer call cancels an unfinished one.
   */
  renderPage(
    pageNumber: number,
    scale: number,
    canvas: HTMLCanvasElement,
    textLayer: HTMLElement,
  ): Promise<void>;
  destroy(): void;
}
