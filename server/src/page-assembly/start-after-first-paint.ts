import { START_AFTER_FIRST_PAINT_SCRIPT } from 'shared-contracts/page';
import { escapeHtml } from '../lib/html';

/** The shell's entry script, as its build writes it into index.html. */
const ENTRY_SCRIPT = /<script defer src=(["']?)([^"'\s>]+)\1><\/script>/;
/** A script preload in the shell's head: its start-up chunks (webpack/index.js). */
const SCRIPT_PRELOAD = /<link\b(?=[^>]*\brel=["']?preload\b)(?=[^>]*\bas=["']?script\b)[^>]*>/g;
/** react-dom's file, which the shell's build marks: only the app's first render needs it. */
const AT_FIRST_PAINT = /\bdata-at-first-paint\b/;
const HREF = /\bhref=(["']?)([^"'\s>]+)\1/;

/** The shell's page over a first screen: its HTML without its scripts, and its start-up. */
export interface AppStartOverFirstScreen {
  /** The shell's index.html with neither its entry script nor its script preloads. */
  html: string;
  /** What starts the app, for right after the first screen (and the page's data). */
  startUp: string;
}

/**
 * A start-up script's preload, at low priority: it travels after what the first screen needs,
 * and the browser (or an HTTP/2 server) never puts it before that screen's images.
 */
function startUpPreload(script: string): string {
  return `<link rel=preload href="${escapeHtml(script)}" as=script fetchpriority=low>`;
}

/**
 * The shell's page for a page with a first screen (docs/performance.md, "First paint as early as
 * the wire allows"): nothing but the first screen travels before it. The entry script and the
 * head's script preloads leave the head. The start-up, written after the first screen, preloads
 * the start-up scripts (the shell's entry and chunks, then `moreScripts`: the remote's entry and
 * exposed module), which the browser requests as soon as it
 * has parsed it, and holds the starter (`START_AFTER_FIRST_PAINT_SCRIPT`), which runs the entry
 * once the first screen is painted and only then requests react-dom. With `scriptsAtFirstPaint` (a share's code prompt or status
 * view) every start-up script is requested at the first paint: nothing on such a screen needs the
 * app within a second (a visitor reads it or types a code, and a tap is kept), and the screen
 * gets the link to itself (docs/performance.md, "Screens without a list"). Null when the page's
 * entry script is not found: the page then starts as built.
 */
export function startAppAfterFirstPaint(
  html: string,
  moreScripts: readonly string[],
  { scriptsAtFirstPaint = false } = {},
): AppStartOverFirstScreen | null {
  const entry = ENTRY_SCRIPT.exec(html)?.[2];
  if (!entry) return null;
  const chunks: string[] = [];
  const atFirstPaint: string[] = [];
  const withoutScripts = html.replace(ENTRY_SCRIPT, '').replace(SCRIPT_PRELOAD, (link) => {
    const href = HREF.exec(link)?.[2];
    if (href) (AT_FIRST_PAINT.test(link) ? atFirstPaint : chunks).push(href);
    return '';
  });
  const withPage = scriptsAtFirstPaint ? [] : [entry, ...chunks, ...moreScripts];
  // The starter runs the entry itself at the first paint.
  const laterScripts = scriptsAtFirstPaint
    ? [...chunks, ...moreScripts, ...atFirstPaint]
    : atFirstPaint;
  const starter =
    `<script data-entry="${escapeHtml(entry)}" data-request-at-first-paint="${escapeHtml(laterScripts.join(' '))}">` +
    `${START_AFTER_FIRST_PAINT_SCRIPT}</script>`;
  return { html: withoutScripts, startUp: withPage.map(startUpPreload).join('') + starter };
}
