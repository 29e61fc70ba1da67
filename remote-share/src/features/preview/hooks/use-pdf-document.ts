import type { SharedItem } from 'shared-contracts';
import { loadPdfEngine, type PdfDocumentHandle } from '../pdf/load-pdf-engine';
import { PDF_OPEN_TIMEOUT_MS } from '../state/pdf-view';
import { useFileLoad } from './use-file-load';

const openPdf = async (url: string) => (await loadPdfEngine()).openPdf(url);
const closePdf = (pdf: PdfDocumentHandle) => pdf.destroy();

/**
 * Loads pdf.js (its own chunk, on the first PDF) and opens the file, closed with the preview; an
 * error when it has not opened within `PDF_OPEN_TIMEOUT_MS`.
 */
export function usePdfDocument(item: Pick<SharedItem, 'download_url'>) {
  return useFileLoad(item.download_url, openPdf, PDF_OPEN_TIMEOUT_MS, closePdf);
}
