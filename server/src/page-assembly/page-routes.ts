import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { firstScreenPlatform, mapLocale, ResponseCode, shareCodeOfPage } from 'shared-contracts';
import { failure } from '../lib/api-error';
import { linkPreviewAgentOf } from '../link-preview/crawlers';
import { NO_INDEX } from '../link-preview/robots';
import { createCachedFileReader } from '../lib/cached-file';
import { page } from '../lib/html';
import { createPageAssembler, type FirstScreenClient } from './assemble-page';
import { sendPage } from './built-page';

/** Paths the shell's page never answers for (their own handlers decide). */
const NOT_PAGES = /^\/(api|remotes|releases|media|idp|community-oauth|metrics|field|ops)(\/|$)/;
const LOOKS_LIKE_FILE = /\/[^/]*\.[A-Za-z0-9]+$/;

async function pageRoutes(app: FastifyInstance): Promise<void> {
  const indexFile = path.join(app.env.staticRoot, 'shell/dist/index.html');
  const readHtml = createCachedFileReader((text) => text);
  const buildPage = createPageAssembler(app);

  /** The shell's index.html, re-read when a new build replaces it; null before a build. */
  const shellHtml = () => readHtml(indexFile).catch(() => null);

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
