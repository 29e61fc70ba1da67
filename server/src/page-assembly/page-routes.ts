import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  FIRST_SCREEN_ATTRIBUTE,
  KEEP_FIRST_SCREEN_TAPS_SCRIPT,
  firstScreenPlatform,
  mapLocale,
  remoteOfPage,
  ResponseCode,
  RUNTIME_CONFIG_ELEMENT_ID,
  SHARE_ANSWERS_ELEMENT_ID,
  SHARE_ANSWERS_MAX_ITEMS,
  shareCodeOfPage,
  type FirstScreenInput,
  type RuntimeConfig,
  type ShareAnswersInPage,
} from 'shared-contracts';
import { failure } from '../lib/api-error';
import { linkPreviewAgentOf } from '../link-preview/crawlers';
import { pagePreviewOf } from '../link-preview/page-preview';
import { NO_INDEX } from '../link-preview/robots';
import { createCachedFileReader } from '../lib/cached-file';
import { escapeHtml, jsonScriptElement, page } from '../lib/html';
import { createFirstScreen, type RenderedFirstScreen } from './first-screen';
import { createBuiltPage, sendPage, type BuiltPage } from './built-page';
import { createPreloadHints, preloadHeader, preloadTags, shellStartUpHints } from './preload-hints';
import { startAppAfterFirstPaint } from './start-after-first-paint';

/** Paths the shell's page never answers for (their own handlers decide). */
const NOT_PAGES = /^\/(api|remotes|releases|media|idp|community-oauth|metrics|field|ops)(\/|$)/;
const LOOKS_LIKE_FILE = /\/[^/]*\.[A-Za-z0-9]+$/;
/** The empty container of the shell's page that the app renders into (minified or not). */
const APP_CONTAINER = /<div id=(["']?)app\1><\/div>/;

/** What a share page's first screen is rendered for: the device class and the language. */
type FirstScreenClient = Pick<FirstScreenInput, 'platform' | 'language'>;

/** The build's title element, whatever it holds (webpack's `title` option). */
const TITLE_ELEMENT = /<title>[^<]*<\/title>/i;

/** CSS inside a `<style>` element: only `</style` could end it early. */
const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');

async function pageRoutes(app: FastifyInstance): Promise<void> {
  const indexFile = path.join(app.env.staticRoot, 'shell/dist/index.html');
  const readHtml = createCachedFileReader((text) => text);
  const preloadHints = createPreloadHints(app.env.staticRoot);
  const renderFirstScreen = createFirstScreen(app.env.staticRoot);

  /** The shell's index.html, re-read when a new build replaces it; null before a build. */
  const shellHtml = () => readHtml(indexFile).catch(() => null);

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

  async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const config = await app.runtimeConfig.current();
    const html = await shellHtml();
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (html === null) {
      return reply
        .code(503)
        .send(
          page(
            `${config.productName} is not built`,
            `<main><h1>The shell is not built</h1><p>Run <code>npm run build</code> in the repository, then reload (the API works already).</p></main>`,
          ),
        );
    }
    const pathname = request.url.split('?')[0] ?? '/';
    // Link-preview agents get the page every visitor gets; only the operators' count is theirs.
    const agent = linkPreviewAgentOf(request.headers['user-agent']);
    if (agent) app.metrics.linkPreviewFetches.inc({ agent, what: 'page' });
    if (pathname !== '/') reply.header('X-Robots-Tag', NO_INDEX);
    const client: FirstScreenClient = {
      platform: firstScreenPlatform(request.headers['user-agent'] ?? ''),
      language: mapLocale(request.headers['accept-language']?.split(',')[0]),
    };
    const code = shareCodeOfPage(pathname);
    // A folder's link, or a sorted or filtered list, is not the root the first screen shows.
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const opensOwnList = ['folder', 'sort', 'q'].some((name) => query.has(name));
    // A share's page is kept a few seconds (and until the share changes, the shell's page is
    // rebuilt or the runtime configuration changes): a share that goes viral is rendered a few
    // times a minute, whatever the number of visits. A new build of a remote or of a first-screen
    // renderer shows within those seconds.
    const version = `${readHtml.generation}.${app.runtimeConfig.generation}`;
    const key = `${version}:${code}:${opensOwnList ? 'own-list' : 'root'}:${client.platform}:${client.language}`;
    const built = code
      ? await app.pageCache.get('page', key, async () => {
          const { page: value, answers } = await buildPage(
            html,
            config,
            pathname,
            client,
            opensOwnList,
          );
          const info = answers?.info;
          return {
            value,
            shareId: info?.id ?? null,
            until: info && info.expiry_time > 0 ? info.expiry_time * 1000 : undefined,
          };
        })
      : (await buildPage(html, config, pathname, client)).page;
    return sendPage(request, reply, built);
  }

  // `/` is the shell's page too (the static plugin would refuse the folder). The share, invite
  // and 404 pages have routes of their own, so they never go looking for a file on disk first.
  app.get('/', renderPage);
  app.get('/s/*', renderPage);
  app.get('/invite', renderPage);
  app.get('/404', renderPage);
  // Never the raw file: without the injected config the shell cannot start.
  app.get('/index.html', renderPage);

  app.get('/config.json', async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return app.runtimeConfig.current();
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (/^\/api(\/|$)/.test(pathname)) {
      return reply
        .code(200)
        .send(failure(ResponseCode.NotFound, `Unknown API call: ${request.method} ${pathname}`));
    }
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_PAGES.test(pathname) &&
      !LOOKS_LIKE_FILE.test(pathname);
    if (isPage) return renderPage(request, reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}

/**
 * Not encapsulated: its not-found handler is the root's, registered before the other contexts so
 * that every one of them (static files included) falls back to it.
 */
export default fp(pageRoutes, {
  name: 'page-routes',
  dependencies: ['config', 'link-previews', 'metrics', 'share-caches', 'shares'],
});
