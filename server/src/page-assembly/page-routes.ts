import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { folderIdOfQuery, ResponseCode, shareCodeOfPage } from 'shared-contracts';
import { remoteOfPage } from 'shared-contracts/page';
import { failure } from '../lib/api-error';
import { linkPreviewAgentOf } from '../link-preview/crawlers';
import { NO_INDEX } from '../link-preview/robots';
import { createCachedFileReader } from '../lib/cached-file';
import { page } from '../lib/html';
import { createPageAssembler, type FirstScreenClient } from './assemble-page';
import { browserLanguageOf } from './first-screen';
import { sendPage } from './built-page';
import { EDGE_HEADERS, edgeKeepableOf, pageCaching } from './edge-headers';
import { hasCredentials, pageClientOf } from './page-client';
import { SHELL_DIST } from '../plugins/external/static';

/** Paths the shell's page never answers for (their own handlers decide). */
const NOT_PAGES = /^\/(api|remotes|releases|media|idp|community-oauth|metrics|field|ops)(\/|$)/;
const LOOKS_LIKE_FILE = /\/[^/]*\.[A-Za-z0-9]+$/;

/**
 * What the invite page's first screen is rendered from: its query (the language in `state` or
 * `lang`) and the browser's language, which the page reads as `navigator.language`. Null for any
 * other page. Never kept by the server or an edge (a page built per request, `no-cache`).
 */
function inviteRequestOf(request: FastifyRequest, pathname: string) {
  if (remoteOfPage(pathname) !== 'invite') return null;
  // As `location.search` has it: from the first `?`, empty for none or an empty query.
  const at = request.url.indexOf('?');
  const search = at === -1 ? '' : request.url.slice(at);
  return {
    search: search === '?' ? '' : search,
    browserLanguage: browserLanguageOf(request.headers['accept-language']),
  };
}

async function pageRoutes(app: FastifyInstance): Promise<void> {
  const indexFile = path.join(app.env.staticRoot, SHELL_DIST, 'index.html');
  const readHtml = createCachedFileReader((text) => text);
  const buildPage = createPageAssembler(app);

  /** The shell's index.html, re-read when a new build replaces it; null before a build. */
  const shellHtml = () => readHtml(indexFile).catch(() => null);

  /** What every page is built from: the shell's build and the runtime configuration. */
  const pagesVersion = () => `${readHtml.generation}.${app.runtimeConfig.generation}`;
  // A new build, runtime configuration or release (a canary started, promoted or rolled back)
  // changes every page: the edges drop them all. Noticed by whatever reads them first (a page,
  // /config.json) or by a look every second.
  let lastVersion: string | null = null;
  const noticeVersion = () => {
    const version = pagesVersion();
    if (lastVersion !== null && version !== lastVersion) {
      app.edgePurges.allPages('a new build or runtime configuration');
    }
    lastVersion = version;
  };
  const watchVersion = setInterval(() => {
    void Promise.all([app.runtimeConfig.current(), shellHtml()]).then(noticeVersion, () => {});
  }, 1000);
  watchVersion.unref();
  app.addHook('onClose', async () => clearInterval(watchVersion));

  async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const config = await app.runtimeConfig.current();
    const html = await shellHtml();
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    // Heard before the page is built: a change heard while it is built may make it old.
    const changesBefore = app.edgePurges.changesHeard;
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
    // The page depends on nothing else of the request (no session, no cookie but the language's
    // and the view's): see page-client.
    const edgeClient = pageClientOf(request);
    const client: FirstScreenClient = {
      platform: edgeClient.platform,
      language: edgeClient.language,
      view: edgeClient.view,
    };
    const code = shareCodeOfPage(pathname);
    // A folder's link paints that folder when it is short; a sorted or filtered list is not
    // painted (the first screen shows the plain order), nor a bare `?folder`, which is what the
    // edge asks for such a list (ops/varnish/nimbus.vcl).
    const search = request.url.split('?')[1] ?? '';
    const query = new URLSearchParams(search);
    const folderId = folderIdOfQuery(search);
    const opensOwnList =
      ['sort', 'q'].some((name) => query.has(name)) || (query.has('folder') && folderId === null);
    // A share's page is kept a few seconds (and until the share changes, the shell's page is
    // rebuilt or the runtime configuration changes): a share that goes viral is rendered a few
    // times a minute, whatever the number of visits. A new build of a remote or of a first-screen
    // renderer shows within those seconds.
    noticeVersion();
    const version = pagesVersion();
    // A protected share whose unlock cookie this request holds paints its list, not the code
    // prompt (docs/security.md, "An unlocked share's cookie"): a page of its own in the cache.
    const unlocked = code
      ? await app.shareUnlocks.pageUnlocked(code, request.headers.cookie)
      : false;
    const list = `${opensOwnList ? 'own-list' : (folderId ?? 'root')}${unlocked ? ':unlocked' : ''}`;
    const key = `${version}:${code}:${list}:${client.platform}:${client.language}:${edgeClient.view}`;
    const invite = inviteRequestOf(request, pathname);
    const built = code
      ? await app.pageCache.get('page', key, async () => {
          const { page: value, answers } = await buildPage(html, config, pathname, client, {
            opensOwnList,
            unlocked,
            folderId: opensOwnList ? null : folderId,
          });
          const info = answers?.info;
          return {
            value: { ...value, keepable: edgeKeepableOf(info) },
            shareId: info?.id ?? null,
            until: info && info.expiry_time > 0 ? info.expiry_time * 1000 : undefined,
          };
        })
      : (await buildPage(html, config, pathname, client, {}, invite)).page;
    const caching = pageCaching({
      // A page built while a share changed may show it as it was: no edge keeps that one.
      keepable: app.edgePurges.changesHeard === changesBefore ? built.keepable : null,
      fromEdge: edgeClient.fromEdge,
      // An unlocked share's page is this visitor's: only their browser keeps it.
      credentials: unlocked || hasCredentials(request.headers),
      listening: app.edgePurges.listening,
      now: Date.now(),
    });
    // The page's language, as its `<html lang>` says (the invite page keeps its own rule).
    if (!invite) reply.header('Content-Language', client.language);
    // The invite page is painted in the browser's language when its address names none; a
    // protected share's page by its unlock cookie (never kept by a shared cache: `private`).
    const protectedShare = built.keepable === null && code !== null;
    // A share's first screen is painted in the visitor's view (the edge's header, written from
    // the view cookie).
    const varies = invite
      ? ['Accept-Language']
      : protectedShare
        ? ['Cookie']
        : code && built.variesByPlatform
          ? [EDGE_HEADERS.view]
          : [];
    return sendPage(request, reply, built, caching, varies);
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
    const config = await app.runtimeConfig.current();
    noticeVersion();
    return config;
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
  dependencies: ['config', 'edge-purges', 'link-previews', 'metrics', 'share-caches', 'shares'],
});
