import path from 'node:path';
import { createCachedFileReader } from '../lib/cached-file';
import { escapeHtml } from '../lib/html';
import { SHELL_DIST, staticFileOf } from '../plugins/external/static';

/**
 * A stylesheet link in the shell's built page: the CSS of its start-up chunks, which its build
 * adds to the head (webpack/index.js). Only a file at the site's root, named as the build names it.
 */
const SHELL_STYLESHEET =
  /<link\b(?=[^>]*\brel=["']?stylesheet\b)[^>]*\bhref=(["']?)(\/[\w.-]+\.css)\1[^>]*>/g;

/** CSS inside a `<style>` element: only `</style` could end it early. */
export const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/** The shell's page without its stylesheet links, and the start-up's CSS to write instead. */
export interface StartUpCss {
  html: string;
  /** `<style data-href>` elements, the remote's first (as its module runs first), or ''. */
  styles: string;
}

/**
 * The CSS a page's start-up needs, from the builds' files (docs/performance.md, "The start-up's
 * CSS comes with the page"): the page remote's exposed module's (`remoteStyles`, site paths from
 * its manifest: preload-hints.ts) and the shell's start-up chunks' (its head's stylesheet links,
 * which leave the page). Each becomes a `<style data-href="<file name>">`: webpack's CSS-loading
 * runtime looks for that name (its chunk's file, relative to its app's folder) before it fetches
 * a chunk's CSS, and finds it there. A file that cannot be read is left as it was: the shell's
 * link stays, and the remote's chunk fetches its CSS itself.
 */
export function createStartUpCss(staticRoot: string) {
  const readCssFile = createCachedFileReader((text) => text);
  const shellFolder = path.join(staticRoot, SHELL_DIST);

  async function readCss(href: string): Promise<string | null> {
    try {
      // The shell's files are at the site's root; staticFileOf knows the remotes' folders.
      const file =
        href.lastIndexOf('/') === 0
          ? path.join(shellFolder, href.slice(1))
          : staticFileOf(staticRoot, href);
      return file ? await readCssFile(file) : null;
    } catch {
      return null;
    }
  }

  return async function startUpCss(
    html: string,
    remoteStyles: readonly string[],
  ): Promise<StartUpCss> {
    const shellLinks = [...html.matchAll(SHELL_STYLESHEET)].map((match) => ({
      link: match[0],
      href: match[2] ?? '',
    }));
    const files = [...remoteStyles.map((href) => ({ link: null, href })), ...shellLinks];
    const contents = await Promise.all(files.map((file) => readCss(file.href)));
    let page = html;
    let styles = '';
    files.forEach(({ link, href }, index) => {
      const css = contents[index];
      if (css === null || css === undefined) return;
      styles += `<style data-href="${escapeHtml(path.posix.basename(href))}">${escapeStyle(css)}</style>`;
      if (link) page = page.replace(link, '');
    });
    return { html: page, styles };
  };
}
