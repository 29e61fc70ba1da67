import { createHash } from 'node:crypto';
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
 * A public share's card version: a digest of everything the card shows. Its URL carries it, so a
 * chat app or a CDN may keep the image for good, and a changed share gets a new URL.
 */
export function shareCardVersion(
  page: PageKind,
  thumbPaths: readonly string[],
  productName: string,
): string {
  return createHash('sha256')
    .update(JSON.stringify([page, thumbPaths, productName]))
    .digest('base64url')
    .slice(0, 16);
}

/** The path of a page's card image. */
export function cardPath(
  code: string,
  page: PageKind,
  thumbPaths: readonly string[],
  productName: string,
): string {
  const generic = genericCardOf(page);
  if (generic) return `/og/${generic}.png`;
  // No extension: the renderer draws a PNG, or a JPEG when photos would make the PNG too large.
  return `/og/s/${encodeURIComponent(code)}/${shareCardVersion(page, thumbPaths, productName)}`;
}
