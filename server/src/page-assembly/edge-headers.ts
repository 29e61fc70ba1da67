import type { IncomingHttpHeaders } from 'node:http';
import {
  chooseSiteLanguage,
  isShareOpen,
  isSiteLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  platformOf,
  shareViewOf,
  ShareType,
  VIEW_COOKIE,
  type Platform,
  type ShareInfo,
  type ShareView,
  type SiteLanguage,
} from 'shared-contracts';

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

const PLATFORMS: readonly Platform[] = ['android', 'ios', 'mobile', 'other'];

const headerText = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? '';

/**
 * The device class of a request: shared-contracts' `platformOf` on its user agent and, where the
 * browser sends them, its low-entropy Client Hints (`Sec-CH-UA-Platform`, `Sec-CH-UA-Mobile`).
 * ops/varnish/nimbus.vcl makes the same decision (server/src/test/platform-vcl.test.ts).
 */
export const platformOfHeaders = (headers: IncomingHttpHeaders): Platform =>
  platformOf({
    userAgent: headerText(headers['user-agent']),
    platformHint: headerText(headers['sec-ch-ua-platform']),
    mobileHint: headerText(headers['sec-ch-ua-mobile']),
  });

/** What a page depends on of its request: its address and its headers. */
export interface PageRequest {
  /** The path and query, as the request line has it. */
  url: string;
  headers: IncomingHttpHeaders;
}

/** The cookies of a Cookie header, by name and value as sent (in their order; no decoding). */
function cookiesOf(header: string | undefined): { name: string; value: string }[] {
  return (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      // A pair without `=` is a value without a name (RFC 6265bis).
      return at === -1
        ? { name: '', value: pair }
        : { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
    });
}

/**
 * The language of a page request (docs/product.md, "Languages"): shared-contracts'
 * `chooseSiteLanguage` on its `?lang=`, its language cookie (the first, as sent) and its
 * Accept-Language. ops/varnish/nimbus.vcl makes the same choice (test/language-vcl.test.ts).
 */
export function languageOfRequest({ url, headers }: PageRequest): SiteLanguage {
  const at = url.indexOf('?');
  const query = new URLSearchParams(at === -1 ? '' : url.slice(at + 1));
  return chooseSiteLanguage({
    query: query.get(LANGUAGE_PARAM),
    cookie: cookiesOf(headers.cookie).find(({ name }) => name === LANGUAGE_COOKIE)?.value ?? null,
    acceptLanguage: headerText(headers['accept-language']),
  });
}

/**
 * The share view of a page request (docs/product.md, "The grid"): the edge's header, which it
 * writes from the view cookie (ops/varnish/nimbus.vcl), else the cookie itself (the first, as
 * sent). Exactly `grid` is the grid; any other value, or none, the list (`shareViewOf`).
 */
export function viewOfRequest({ headers }: Pick<PageRequest, 'headers'>): ShareView {
  const fromEdge = headerText(headers[EDGE_HEADERS.view.toLowerCase()]);
  if (fromEdge !== '') return shareViewOf(fromEdge);
  return shareViewOf(cookiesOf(headers.cookie).find(({ name }) => name === VIEW_COOKIE)?.value);
}

/** The platform and language a page is rendered for, and whether an edge normalised them. */
export interface PageClient {
  platform: Platform;
  language: SiteLanguage;
  /** The share view its first screen is painted in (`viewOfRequest`). */
  view: ShareView;
  /** Both came in the edge's headers, with allowed values: the page may go to a shared cache. */
  fromEdge: boolean;
}

/**
 * The client of a page request. The edge's headers are taken when both hold an allowed value
 * (anything else is ignored, never echoed): a client that sends them itself gets the page of the
 * class it names, which is what any cache keyed on those headers holds for that class, so it
 * cannot poison a cache for anyone else. Without them (no edge in front) the page is read from
 * the user agent and the language signs (`languageOfRequest`), and is not shared-cacheable
 * (`pageCaching`).
 */
export function pageClientOf(request: PageRequest): PageClient {
  const { headers } = request;
  const platform = headerText(headers[EDGE_HEADERS.platform.toLowerCase()]) as Platform;
  const language = headerText(headers[EDGE_HEADERS.language.toLowerCase()]);
  const view = viewOfRequest(request);
  if (PLATFORMS.includes(platform) && isSiteLanguage(language)) {
    return { platform, language, view, fromEdge: true };
  }
  return {
    platform: platformOfHeaders(headers),
    language: languageOfRequest(request),
    view,
    fromEdge: false,
  };
}

/** The site's own choices kept in cookies: the same for everyone who made them, no credential. */
const CHOICE_COOKIES: readonly string[] = [LANGUAGE_COOKIE, VIEW_COOKIE];

/**
 * A request that carries a session or any credential: the site keeps its session in X-Token, and
 * any cookie but the language and view cookies is someone else's (analytics, a proxy's). Those
 * two are the same for everyone who made that choice, and the page reads nothing of them but the
 * language and view it varies by: a page asked with them alone is as shareable as one without.
 */
export const hasCredentials = (headers: IncomingHttpHeaders) =>
  Boolean(headers['x-token'] || headers.authorization) ||
  cookiesOf(headers.cookie).some(({ name }) => !CHOICE_COOKIES.includes(name));

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
  client: PageClient;
  credentials: boolean;
  listening: boolean;
  now: number;
}): PageCaching {
  const { keepable, client, credentials, listening, now } = input;
  if (credentials) return { cacheControl: 'private, no-cache', surrogateKey: null };
  const lifetime = keepable && client.fromEdge ? edgeLifetime(keepable, listening, now) : null;
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
