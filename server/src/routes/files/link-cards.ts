import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteLanguage } from 'shared-contracts';
import {
  cardLanguageOf,
  cardPath,
  isGenericCard,
  shareCardVersion,
  type GenericCard,
} from '../../link-preview/card-urls';
import { linkPreviewAgentOf } from '../../link-preview/crawlers';
import { sharedWhat, shareDetails } from '../../link-preview/link-preview';
import { wordsIn } from '../../link-preview/preview-words';
import { renderCard, type CardContent, type CardImage } from '../../link-preview/render-card';
import { robotsTxt } from '../../link-preview/robots';
import { cardCaching, edgeKeepableOf, type PageCaching } from '../../page-assembly/edge-headers';

/** The generic cards change only with a new release (their words) or product name. */
const GENERIC_CARD_CACHING: PageCaching = {
  cacheControl: `public, max-age=${24 * 60 * 60}`,
  surrogateKey: null,
};
/** How much room a share's card takes in the share cache (an entry is 1, a listed item 1). */
const CARD_WEIGHT = 100;

function contentOfGeneric(card: GenericCard): CardContent {
  if (card === 'protected' || card === 'invite' || card === 'site') return { kind: card };
  return { kind: 'closed', reason: card };
}

/** A card with its validator and caching headers; 304 when the client has it already. */
function sendCard(
  request: FastifyRequest,
  reply: FastifyReply,
  card: CardImage,
  etag: string,
  caching: PageCaching,
) {
  reply
    .header('Cache-Control', caching.cacheControl)
    .header('ETag', etag)
    .header('X-Content-Type-Options', 'nosniff');
  if (caching.surrogateKey) reply.header('Surrogate-Key', caching.surrogateKey);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(card.contentType).send(card.body);
}

/**
 * The link-preview cards (1200×630 PNG) and robots.txt. A public share's card is rendered once
 * per version of the share (kept in the share cache, dropped when the share changes) and served
 * under a URL that carries that version, kept by an edge as long as its page and purged with it;
 * every other page has a generic card that shows nothing of any share. The URLs carry nothing but
 * a code their caller already has, and the page's language when it is not English (card-urls.ts):
 * one of the site's languages, else no card.
 */
export default async function linkCardRoutes(app: FastifyInstance): Promise<void> {
  const fetches = app.metrics.linkPreviewFetches;
  const generic = new Map<string, Promise<{ image: CardImage; etag: string }>>();

  app.addHook('onRequest', async (request) => {
    const agent = linkPreviewAgentOf(request.headers['user-agent']);
    if (agent) fetches.inc({ agent, what: 'card' });
  });

  /**
   * A generic card in a language, rendered once per process (a failed render is tried again next
   * time): at most 6 cards in 17 languages.
   */
  function genericCard(name: GenericCard, productName: string, language: SiteLanguage) {
    const key = `${name}:${language}:${productName}`;
    const rendered = generic.get(key);
    if (rendered) return rendered;
    const card = renderCard(contentOfGeneric(name), productName, language).then((image) => ({
      image,
      etag: `"${createHash('sha256').update(image.body).digest('base64url').slice(0, 16)}"`,
    }));
    card.catch(() => generic.delete(key));
    generic.set(key, card);
    return card;
  }

  // The renderer and its fonts load once the server is ready, not in a first visitor's request.
  app.addHook('onReady', async () => {
    const { productName } = await app.runtimeConfig.current();
    void genericCard('site', productName, 'en').catch((error: unknown) =>
      app.log.warn({ err: error }, 'the link-preview card renderer did not start'),
    );
  });

  app.get<{ Params: { card: string } }>('/og/:card', async (request, reply) => {
    // `protected.png`, or `protected.ar.png` in another language.
    const named = cardLanguageOf(request.params.card.replace(/\.png$/, ''));
    if (!request.params.card.endsWith('.png') || !named || !isGenericCard(named.name)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const { productName } = await app.runtimeConfig.current();
    const card = genericCard(named.name, productName, named.language);
    const { image, etag } = await card;
    return sendCard(request, reply, image, etag, GENERIC_CARD_CACHING);
  });

  app.get<{ Params: { code: string; version: string } }>(
    '/og/s/:code/:version',
    async (request, reply) => {
      const { code } = request.params;
      // The version, then `.ja` in another language than English.
      const language = cardLanguageOf(request.params.version)?.language;
      if (!language) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      // Heard before the share is read: a change heard while the card is made may make it old.
      const changesBefore = app.edgePurges.changesHeard;
      const info = await app.shares.infoByCode(code, app.env.publicOrigin);
      const preview = await app.linkPreviews.ofShare(code);
      const { productName } = await app.runtimeConfig.current();
      if (preview.page.kind === 'not-found') {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      reply.header('Cache-Control', 'no-cache');
      // The card its page names now: a changed share's current version; a share that closed or
      // was protected since, the generic card (nothing more than its page shows).
      const current = cardPath(code, preview.page, preview.thumbPaths, productName, language);
      if (request.url.split('?')[0] !== current) return reply.redirect(current, 302);
      const version = shareCardVersion(preview.page, preview.thumbPaths, productName, language);
      const t = wordsIn(language);
      const { page, shareId } = preview;
      if (page.kind !== 'share' || shareId === null) return reply.callNotFound();
      const image = await app.shareCache.get('card', `${code}:${version}`, async () => ({
        value: await renderCard(
          {
            kind: 'share',
            sharerName: page.sharerName,
            title: sharedWhat(page, t),
            details: shareDetails(page, language, t),
            thumbnails: await app.linkPreviews.thumbnails(preview),
          },
          productName,
          language,
        ),
        shareId,
        weight: CARD_WEIGHT,
      }));
      // Kept by an edge as its share's page is, and purged with it: a card that outlived its
      // share's cancel or protection would show what the share no longer shows.
      const caching = cardCaching({
        keepable: app.edgePurges.changesHeard === changesBefore ? edgeKeepableOf(info) : null,
        listening: app.edgePurges.listening,
        now: Date.now(),
      });
      return sendCard(request, reply, image, `"${version}"`, caching);
    },
  );

  app.get('/robots.txt', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8');
    return robotsTxt();
  });
}
