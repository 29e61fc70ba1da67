import { createHash } from 'node:crypto';
import { DEFAULT_LANGUAGE, isSiteLanguage, type SiteLanguage } from 'shared-contracts';
import type { PageKind } from './link-preview';

/** The cards that stand for a kind of page, the same for every share of that kind. */
export const GENERIC_CARDS = [
  'protected',
  'canceled',
  'expired',
  'deleted',
  'invite',
  'site',
] as const;
export type GenericCard = (typeof GENERIC_CARDS)[number];

export function isGenericCard(name: string): name is GenericCard {
  return (GENERIC_CARDS as readonly string[]).includes(name);
}

/** The generic card of a page: null for an open public share, which has its own. */
function genericCardOf(page: PageKind): GenericCard | null {
  switch (page.kind) {
    case 'share':
      return null;
    case 'closed':
      return page.reason;
    case 'protected':
    case 'invite':
    case 'site':
      return page.kind;
    case 'not-found':
      return 'site';
  }
}

/**
 * A public share's card version: a digest of everything the card shows, its language too (but
 * English's, as before languages). Its URL carries it, so a chat app or a CDN may keep the image
 * for good, and a changed share gets a new URL.
 */
export function shareCardVersion(
  page: PageKind,
  thumbPaths: readonly string[],
  productName: string,
  language: SiteLanguage,
): string {
  const shown: unknown[] = [page, thumbPaths, productName];
  if (language !== DEFAULT_LANGUAGE) shown.push(language);
  return createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 16);
}

/**
 * The path of a page's card image in the page's language: English's as before languages
 * (`/og/protected.png`, `/og/s/<code>/<version>`), another's with `.<language>` after the card's
 * name (`/og/protected.ar.png`, `/og/s/<code>/<version>.ja`). The path alone names the image: an
 * edge keeps one object per path, whatever the request's language.
 */
export function cardPath(
  code: string,
  page: PageKind,
  thumbPaths: readonly string[],
  productName: string,
  language: SiteLanguage,
): string {
  const suffix = language === DEFAULT_LANGUAGE ? '' : `.${language}`;
  const generic = genericCardOf(page);
  if (generic) return `/og/${generic}${suffix}.png`;
  // No extension: the renderer draws a PNG, or a JPEG when photos would make the PNG too large.
  const version = shareCardVersion(page, thumbPaths, productName, language);
  return `/og/s/${encodeURIComponent(code)}/${version}${suffix}`;
}

/**
 * A card's name and the language its path names after it ('protected.ar', a share's
 * 'AbC…_-12.ja'): English without one. Null for anything else, `.en` included (English has one
 * path): a stranger's path never makes a card in a language the site does not speak.
 */
export function cardLanguageOf(name: string): { name: string; language: SiteLanguage } | null {
  const dot = name.indexOf('.');
  if (dot === -1) return { name, language: DEFAULT_LANGUAGE };
  const language = name.slice(dot + 1);
  if (!isSiteLanguage(language) || language === DEFAULT_LANGUAGE) return null;
  return { name: name.slice(0, dot), language };
}
