import type { FastifyInstance } from 'fastify';
import {
  FIRST_SCREEN_ATTRIBUTE,
  KEEP_FIRST_SCREEN_TAPS_SCRIPT,
  remoteOfPage,
  RUNTIME_CONFIG_ELEMENT_ID,
  SHARE_ANSWERS_ELEMENT_ID,
  SHARE_ANSWERS_MAX_ITEMS,
  shareCodeOfPage,
  type FirstScreenInput,
  type RuntimeConfig,
  type ShareAnswersInPage,
} from 'shared-contracts';
import { pagePreviewOf } from '../link-preview/page-preview';
import { escapeHtml, jsonScriptElement } from '../lib/html';
import { createFirstScreen, type RenderedFirstScreen } from './first-screen';
import { createBuiltPage, type BuiltPage } from './built-page';
import { createPreloadHints, preloadHeader, preloadTags, shellStartUpHints } from './preload-hints';
import { startAppAfterFirstPaint } from './start-after-first-paint';

/** The empty container of the shell's page that the app renders into (minified or not). */
const APP_CONTAINER = /<div id=(["']?)app\1><\/div>/;

/** What a share page's first screen is rendered for: the device class and the language. */
export type FirstScreenClient = Pick<FirstScreenInput, 'platform' | 'language'>;

/** The build's title element, whatever it holds (webpack's `title` option). */
const TITLE_ELEMENT = /<title>[^<]*<\/title>/i;

/** CSS inside a `<style>` element: only `</style` could end it early. */
const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * Assembles the page the server sends for a path: the shell's built index.html with the runtime
 * configuration, the share's first answers, the first screen, preload hints and link-preview tags.
 */
export function createPageAssembler(app: FastifyInstance) {
  const preloadHints = createPreloadHints(app.env.staticRoot);
  const renderFirstScreen = createFirstScreen(app.env.staticRoot);

  /**
   * A share page carries its first answers (`/share/info`, and the root list of a short public
   * share): the app shows the list without waiting for two round trips.
   */
  async function shareAnswers(pathname: string, origin: string) {
    const code = shareCodeOfPage(pathname);
    if (!code) return null;
    try {
      return await app.shares.pageAnswers(code, origin, SHARE_ANSWERS_MAX_ITEMS);
    } catch (error) {
      // The page still works without them: the app asks the API, which reports the failure.
      app.log.warn({ err: error }, 'share answers for the page failed');
      return null;
    }
  }

  /**
   * The first screen of a page whose answers carry the root list, rendered here so it paints
   * before the scripts have run; null for any other page, or when it cannot be rendered (the
   * app then renders it, as on every other page).
   */
  async function firstScreen(
    client: FirstScreenClient,
    config: RuntimeConfig,
    answers: ShareAnswersInPage | null,
  ): Promise<RenderedFirstScreen | null> {
    if (!answers?.root_list) return null;
    try {
      return await renderFirstScreen({
        config,
        ...client,
        answers: { ...answers, root_list: answers.root_list },
      });
    } catch (error) {
      app.log.warn({ err: error }, 'the first screen of the page could not be rendered');
      return null;
    }
  }

  /** The page of a path as sent: its HTML, its hints, and whether it varies by client. */
  async function buildPage(
    html: string,
    config: RuntimeConfig,
    pathname: string,
    client: FirstScreenClient,
    opensOwnList = false,
  ): Promise<{ page: BuiltPage; answers: ShareAnswersInPage | null }> {
    const [answers, preview] = await Promise.all([
      shareAnswers(pathname, app.env.publicOrigin),
      pagePreviewOf({
        pathname,
        publicOrigin: app.env.publicOrigin,
        productName: config.productName,
        linkPreviews: app.linkPreviews,
        onError: (error) => app.log.warn({ err: error }, 'the link preview of a page failed'),
      }),
    ]);
    const script =
      jsonScriptElement(RUNTIME_CONFIG_ELEMENT_ID, config) +
      (answers ? jsonScriptElement(SHARE_ANSWERS_ELEMENT_ID, answers) : '');
    const remoteHints = await preloadHints(config, remoteOfPage(pathname), app.env.publicOrigin);
    // The first screen the server renders is the share's root in its plain order.
    const rendered = opensOwnList ? null : await firstScreen(client, config, answers);
    const variesByClient = rendered !== null && APP_CONTAINER.test(html);
    // Over a first screen the app waits for it to be painted (start-after-first-paint.ts).
    const shell = variesByClient ? startAppAfterFirstPaint(html) : html;
    const hints = [...shellStartUpHints(shell), ...remoteHints];
    const bodyTag = /<body[^>]*>/i.exec(shell);
    let injected = bodyTag
      ? shell.replace(bodyTag[0], () => `${bodyTag[0]}${script}`)
      : `${script}${shell}`;
    // After the shell's own scripts and hints, so those are requested first.
    let headEnd = preloadTags(remoteHints);
    if (rendered && variesByClient) {
      headEnd += `<style ${FIRST_SCREEN_ATTRIBUTE}>${escapeStyle(rendered.css)}</style>`;
      // Taps on the first screen before the app runs are kept for it (its hash is in the CSP).
      headEnd += `<script>${KEEP_FIRST_SCREEN_TAPS_SCRIPT}</script>`;
      injected = injected.replace(APP_CONTAINER, () => `<div id="app">${rendered.html}</div>`);
    }
    injected = injected.includes('</head>')
      ? injected.replace('</head>', () => `${headEnd}</head>`)
      : `${headEnd}${injected}`;
    // The product's name is runtime configuration: the build's title is only a placeholder. It is
    // the title the app gives every page as it starts (services/page-title), and the home page's.
    injected = injected.replace(
      TITLE_ELEMENT,
      () => `<title>${escapeHtml(config.productName)}</title>`,
    );
    // Early in the head: a chat app's reader may stop after the first kilobytes of a page.
    injected = injected.includes('</title>')
      ? injected.replace('</title>', () => `</title>${preview.tags}`)
      : `${preview.tags}${injected}`;
    return {
      page: createBuiltPage(
        injected,
        hints.length > 0 ? preloadHeader(hints) : null,
        variesByClient,
        preview.status,
      ),
      answers,
    };
  }

  return buildPage;
}
