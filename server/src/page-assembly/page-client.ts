import type { IncomingHttpHeaders } from 'node:http';
import {
  chooseSiteLanguage,
  isSiteLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  platformOf,
  shareViewOf,
  VIEW_COOKIE,
  type Platform,
  type ShareView,
  type SiteLanguage,
} from 'shared-contracts';
import { EDGE_HEADERS } from './edge-headers';

// What a page request asks for: the platform, language and view it is painted for (from the
// edge's headers when an edge normalised them, else from the request itself), and whether it
// carries a credential that keeps it out of a shared cache.
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
