/**
 * The files pdf.js asks for while it reads a PDF, from this remote's own build (the page's CSP
 * allows no other origin): the character maps that text in fonts a PDF does not embed needs
 * (Chinese, Japanese and Korean documents often rely on the reader's fonts) and the two symbol
 * fonts no system has. Each is fetched only when a PDF needs it.
 */

/** The symbol fonts pdf.js draws itself (every other standard font comes from the system). */
/* eslint-disable lingui/no-unlocalized-strings -- file names */
const SYMBOL_FONTS: Readonly<Record<string, () => URL>> = {
  'FoxitSymbol.pfb': () => new URL('pdfjs-dist/standard_fonts/FoxitSymbol.pfb', import.meta.url),
  'FoxitDingbats.pfb': () =>
    new URL('pdfjs-dist/standard_fonts/FoxitDingbats.pfb', import.meta.url),
};
/* eslint-enable lingui/no-unlocalized-strings */

/** The packed character maps pdf.js names, e.g. 'UniGB-UCS2-H'. */
const CMAP_NAME = /^[A-Za-z0-9-]+$/;

async function cMapUrl(filename: string): Promise<string> {
  const name = filename.replace(/\.bcmap$/, '');
  // The name comes from the PDF: only the maps of the build answer (webpack's context).
  if (!CMAP_NAME.test(name)) throw new Error(`No character map ${filename}`);
  const map: { default: string } = await import(
    /* webpackMode: "eager" */ `pdfjs-dist/cmaps/${name}.bcmap`
  );
  return map.default;
}

async function urlOf(kind: string, filename: string): Promise<string> {
  if (kind === 'cMapUrl') return cMapUrl(filename);
  const font = kind === 'standardFontDataUrl' ? SYMBOL_FONTS[filename] : undefined;
  // JPEG 2000 and JBIG2 images need WebAssembly, which the page's CSP does not run.
  if (!font) throw new Error(`No ${kind} file ${filename}`);
  return font().href;
}

/** pdf.js's `BinaryDataFactory`: the main thread fetches what the worker asks for. */
export class PdfDataFiles {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const response = await fetch(await urlOf(kind, filename));
    if (!response.ok) throw new Error(`${filename}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
