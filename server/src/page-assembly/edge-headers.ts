import { isShareOpen, ShareType, type ShareInfo } from 'shared-contracts';

/**
 * What a shared cache in front of the instances (a CDN, the Varnish of ops/varnish/nimbus.vcl)
 * needs from a page: which requests get the same page (two normalised request headers it writes
 * over whatever the client sent, instead of the whole User-Agent), how long it may keep it, and
 * the keys its purges name (docs/operations/scale-and-edge.md, "An edge cache in front").
 */
export const EDGE_HEADERS = {
  /** The device class the first screen is rendered for: android, ios, mobile or other. */
  platform: 'X-Nimbus-Platform',
  /** The language the page is painted in: one of SITE_LANGUAGES (`chooseSiteLanguage`). */
  language: 'X-Nimbus-Language',
  /** The share view the first screen is painted in: list or grid (the `nimbus_view` cookie). */
  view: 'X-Nimbus-View',
} as const;

/**
 * How long an edge keeps a share's page. 30 s: every change of a share (and of the runtime
 * configuration or the build) purges it at once, so the lifetime only bounds a purge that was
 * lost (the edge unreachable for all the retries) and how often each edge asks an origin for a
 * viral page: about twice a minute per edge, platform and language. Another 30 s stale while it
 * is fetched again in the background: no visitor waits for the origin on a hot page. Browsers
 * keep nothing (max-age=0): they revalidate with the ETag, which the edge answers with a 304.
 */
export const EDGE_KEEP = { seconds: 30, staleSeconds: 30, whileNotListeningSeconds: 1 };

/** The Surrogate-Key every shared page carries: a purge of it empties the edge of pages. */
export const ALL_PAGES_KEY = 'pages';

/** The Surrogate-Key of a share's pages (by id: what the database's change announcement names). */
export const shareKey = (shareId: number) => `share-${shareId}`;

/** A page an edge may keep: the share it shows, and when it becomes wrong anyway (its expiry). */
export interface EdgeKeepable {
  shareId: number;
  /** Milliseconds; the share expires then (no announcement comes when time runs out). */
  until?: number;
}

/**
 * Whether a share's page may be kept by an edge: the page of an open public share, or the status
 * page of a canceled, expired or deleted one (the same for everyone; a purge follows any change,
 * a reopening too). A protected share's page is never kept: its visitors pass the code check.
 */
export function edgeKeepableOf(info: ShareInfo | null | undefined): EdgeKeepable | null {
  if (!info) return null;
  if (isShareOpen(info.status) && info.share_type !== ShareType.Public) return null;
  return {
    shareId: info.id,
    ...(isShareOpen(info.status) && info.expiry_time > 0 ? { until: info.expiry_time * 1000 } : {}),
  };
}

/** The caching headers of a page answer. */
export interface PageCaching {
  cacheControl: string;
  /** Space-separated keys its purges name; null when no shared cache may keep it. */
  surrogateKey: string | null;
}

/**
 * How long an edge keeps an answer fresh, then stale, and the seconds its share has left
 * (Infinity: no expiry); null when it has expired.
 */
function edgeLifetime(keepable: EdgeKeepable, listening: boolean, now: number) {
  const left = keepable.until === undefined ? Infinity : Math.floor((keepable.until - now) / 1000);
  if (left <= 0) return null;
  const keep = Math.min(listening ? EDGE_KEEP.seconds : EDGE_KEEP.whileNotListeningSeconds, left);
  const stale = Math.min(listening ? EDGE_KEEP.staleSeconds : 0, left - keep);
  return { keep, stale, left };
}

/** The keys of a share's answers: the share's own (its changes) and every page's (releases). */
const surrogateKeyOf = (keepable: EdgeKeepable) => `${shareKey(keepable.shareId)} ${ALL_PAGES_KEY}`;

/**
 * The caching headers of a page: shared-cacheable (s-maxage, stale-while-revalidate, keys) only
 * for a keepable share page requested through an edge without credentials; `no-cache` (browsers
 * and caches revalidate by ETag) for everything else, `private` when the request had credentials.
 * While this instance cannot hear share changes (`listening` false) an edge keeps its pages a
 * second, the same bound as its own cache's; a page stops being kept when its share expires.
 */
export function pageCaching(input: {
  keepable: EdgeKeepable | null;
  /** The request came through an edge that normalised its headers (`PageClient.fromEdge`). */
  fromEdge: boolean;
  credentials: boolean;
  listening: boolean;
  now: number;
}): PageCaching {
  const { keepable, fromEdge, credentials, listening, now } = input;
  if (credentials) return { cacheControl: 'private, no-cache', surrogateKey: null };
  const lifetime = keepable && fromEdge ? edgeLifetime(keepable, listening, now) : null;
  if (!keepable || !lifetime) return { cacheControl: 'no-cache', surrogateKey: null };
  return {
    cacheControl: `public, max-age=0, s-maxage=${lifetime.keep}, stale-while-revalidate=${lifetime.stale}`,
    surrogateKey: surrogateKeyOf(keepable),
  };
}

/**
 * How long a browser or a chat app's fetcher keeps a share's card: a few minutes, the time a
 * preview takes to be drawn and shown again. No purge reaches it, so not longer.
 */
export const CARD_BROWSER_KEEP_SECONDS = 5 * 60;

/**
 * The caching headers of a public share's card: kept by an edge as its page is (the same keys,
 * so its share's purges drop it; never past its expiry) and a few minutes by browsers. It shows
 * the same to everyone and varies by nothing, so it needs no edge's headers to be `public` (a
 * shared cache no purge reaches keeps it s-maxage, as long as an edge whose purge was lost).
 */
export function cardCaching(input: {
  keepable: EdgeKeepable | null;
  listening: boolean;
  now: number;
}): PageCaching {
  const { keepable, listening, now } = input;
  const lifetime = keepable ? edgeLifetime(keepable, listening, now) : null;
  if (!keepable || !lifetime) return { cacheControl: 'no-cache', surrogateKey: null };
  const browser = Math.min(CARD_BROWSER_KEEP_SECONDS, lifetime.left);
  return {
    cacheControl: `public, max-age=${browser}, s-maxage=${lifetime.keep}, stale-while-revalidate=${lifetime.stale}`,
    surrogateKey: surrogateKeyOf(keepable),
  };
}
