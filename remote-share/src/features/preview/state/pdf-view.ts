/** The zoom levels of a PDF page, as a share of its width fitted to the screen. */
export const PDF_ZOOM_LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
export const PDF_MIN_ZOOM = 0.5;
export const PDF_MAX_ZOOM = 3;

/** A fitted page is never wider than this (a desktop's full width is too wide to read). */
export const PDF_MAX_FIT_WIDTH = 900;

/** The room kept at the page's sides. */
export const PDF_PAGE_MARGIN = 16;

/** How long a PDF may take to open before the preview says it could not be loaded. */
export const PDF_OPEN_TIMEOUT_MS = 30_000;

/** The scale that fits a page of `pageWidth` (at scale 1) to a stage `stageWidth` wide. */
export function fitScale(stageWidth: number, pageWidth: number): number {
  if (pageWidth <= 0) return 1;
  const room = Math.min(stageWidth - 2 * PDF_PAGE_MARGIN, PDF_MAX_FIT_WIDTH);
  return Math.max(room, 100) / pageWidth;
}

/** The next zoom level in a direction, or the same level at either end. */
export function nextZoom(zoom: number, direction: 'in' | 'out'): number {
  if (direction === 'in') return PDF_ZOOM_LEVELS.find((level) => level > zoom + 1e-6) ?? zoom;
  return [...PDF_ZOOM_LEVELS].reverse().find((level) => level < zoom - 1e-6) ?? zoom;
}

/** The page a step leads to, kept within the document. */
export function stepPage(page: number, step: -1 | 1, pageCount: number): number {
  return Math.min(Math.max(page + step, 1), Math.max(pageCount, 1));
}
