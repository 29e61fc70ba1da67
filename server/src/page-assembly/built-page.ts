import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EDGE_HEADERS, type EdgeKeepable, type PageCaching } from './edge-headers';

type Encoding = 'br' | 'gzip';

/** A page as the server sends it, kept (with its compressed forms) while it is cached. */
export interface BuiltPage {
  /** The HTML, encoded once (not on every send). */
  html: Buffer;
  /** The preload hints as a Link header; null without any. */
  link: string | null;
  /**
   * It carries a first screen rendered for the visitor's device. Every page is in the visitor's
   * language (its `<html lang dir>`, its messages' preloads, a first screen's words).
   */
  variesByPlatform: boolean;
  /** 200, or 404 for the page of an unknown share or path (the same page, no soft 404). */
  status: 200 | 404;
  /** A strong validator of the HTML: a repeat visit of an unchanged page is a 304. */
  etag: string;
  /** Compressed on the first request that accepts each encoding, then reused. */
  encoded: Map<Encoding, Buffer>;
  /** The share an edge cache may keep it for (edge-headers.ts `edgeKeepableOf`); null: none. */
  keepable: EdgeKeepable | null;
}

export function createBuiltPage(
  text: string,
  link: string | null,
  variesByPlatform: boolean,
  status: 200 | 404 = 200,
) {
  const html = Buffer.from(text, 'utf8');
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
  return {
    html,
    link,
    variesByPlatform,
    status,
    etag: `"${hash}"`,
    encoded: new Map(),
    keepable: null,
  } satisfies BuiltPage;
}

/** The best encoding the request accepts of ours (brotli, then gzip); null for none. */
function encodingFor(request: FastifyRequest): Encoding | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function encode(page: BuiltPage, encoding: Encoding): Buffer {
  let body = page.encoded.get(encoding);
  if (!body) {
    // A moderate brotli quality: a page is compressed again at most every few seconds.
    body =
      encoding === 'br'
        ? brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
        : gzipSync(page.html);
    page.encoded.set(encoding, body);
  }
  return body;
}

/**
 * Sends a page with its caching headers: 304 when the visitor has it already, else compressed as
 * it accepts. A page varies by the edge's normalised language, a first screen by its normalised
 * platform too, never by the whole User-Agent or Accept-Language (a shared cache would keep a copy
 * per browser build or language list), and by `alsoVariesBy`, the request headers the page read
 * besides.
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: BuiltPage,
  caching: PageCaching,
  alsoVariesBy: readonly string[] = [],
) {
  reply.header('Cache-Control', caching.cacheControl);
  if (caching.surrogateKey) reply.header('Surrogate-Key', caching.surrogateKey);
  reply.header('ETag', page.etag);
  if (page.link) reply.header('Link', page.link);
  const vary = [
    'Accept-Encoding',
    ...(page.variesByPlatform ? [EDGE_HEADERS.platform] : []),
    EDGE_HEADERS.language,
    ...alsoVariesBy,
  ];
  reply.header('Vary', vary.join(', '));
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = encodingFor(request);
  if (!encoding) return reply.code(page.status).send(page.html);
  // Already encoded: the compression plugin leaves it alone.
  return reply.code(page.status).header('Content-Encoding', encoding).send(encode(page, encoding));
}
