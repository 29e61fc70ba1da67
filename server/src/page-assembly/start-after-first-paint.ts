import { START_AFTER_FIRST_PAINT_SCRIPT } from 'shared-contracts';
import { escapeHtml } from '../lib/html';

/** The shell's entry script, as its build writes it into index.html. */
const ENTRY_SCRIPT = /<script defer src=(["']?)([^"'\s>]+)\1><\/script>/;
/** A preload of the shell's shared libraries (react-dom, ...), marked by its build (webpack/). */
const SHARED_LIBRARIES_PRELOAD = /<link\b[^>]*\bdata-shared-libraries\b[^>]*>/g;
const HREF = /\bhref=(["']?)([^"'\s>]+)\1/;

/**
 * The shell's page for a page with a first screen: the app starts once that screen is painted
 * (`START_AFTER_FIRST_PAINT_SCRIPT` in shared-contracts says why and how). The entry script
 * becomes a preload (fetched at once, as before) and the inline starter, which runs it after the
 * first paint; the shared libraries' preloads move into the starter, which requests them then.
 * A page whose entry script is not found is returned as it is.
 */
export function startAppAfterFirstPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[2];
  if (!entry) return html;
  const atFirstPaint: string[] = [];
  const withoutThem = html.replace(SHARED_LIBRARIES_PRELOAD, (link) => {
    const href = HREF.exec(link)?.[2];
    if (href) atFirstPaint.push(href);
    return '';
  });
  const starter =
    `<link rel=preload as=script href="${escapeHtml(entry)}">` +
    `<script data-entry="${escapeHtml(entry)}" data-request-at-first-paint="${escapeHtml(atFirstPaint.join(' '))}">` +
    `${START_AFTER_FIRST_PAINT_SCRIPT}</script>`;
  return withoutThem.replace(ENTRY_SCRIPT, () => starter);
}
