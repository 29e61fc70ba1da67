import type { SiteLanguage } from 'shared-contracts';
import { escapeHtml } from '../lib/html';
import { CARD_HEIGHT, CARD_WIDTH } from './card-layouts';
import { sizeIn, wordsIn, type Words } from './preview-words';

/**
 * What a page's link preview says. Only an open public share says what it holds; a protected,
 * closed or unknown share says what kind of page it is and nothing of its content.
 */
export type PageKind =
  | {
      kind: 'share';
      sharerName: string;
      /** The share's own name, trimmed; '' when the sharer gave none. */
      shareName: string;
      /** The first item the list shows: what a share without a name is called by. */
      firstName: string;
      itemCount: number;
      onlyFiles: boolean;
      totalBytes: number;
    }
  | { kind: 'protected' }
  | { kind: 'closed'; reason: 'canceled' | 'expired' | 'deleted' }
  | { kind: 'not-found' }
  | { kind: 'invite' }
  | { kind: 'site' };

export interface LinkPreview {
  title: string;
  description: string;
  /** The page's address, from PUBLIC_ORIGIN. */
  url: string;
  image: { url: string; alt: string };
}

type SharePage = Extract<PageKind, { kind: 'share' }>;

/**
 * '“Holiday pictures”' by the share's name, else '“Photos” and 7 more files' (or items, when
 * folders are among them), in the page's words.
 */
export function sharedWhat(share: SharePage, t: Words): string {
  if (share.shareName) return t('sharedName', { name: share.shareName });
  const values = { name: share.firstName, more: Math.max(0, share.itemCount - 1) };
  return share.onlyFiles ? t('sharedFiles', values) : t('sharedItems', values);
}

/** '8 items · 35.2 MB' */
export function shareDetails(share: SharePage, language: SiteLanguage, t: Words): string {
  const values = { n: share.itemCount };
  const count = share.onlyFiles ? t('fileCount', values) : t('itemCount', values);
  return t('shareDetails', { count, size: sizeIn(share.totalBytes, language, t) });
}

/** The title and description of a page's preview, in the page's language. */
export function previewTexts(
  page: PageKind,
  product: string,
  language: SiteLanguage,
): { title: string; description: string } {
  const t = wordsIn(language);
  switch (page.kind) {
    case 'share':
      return {
        title: t('shareTitle', { sharer: page.sharerName, what: sharedWhat(page, t) }),
        description: t('shareDescription', {
          details: shareDetails(page, language, t),
          product,
        }),
      };
    case 'protected':
      return { title: t('protectedTitle'), description: t('protectedDescription', { product }) };
    case 'closed': {
      const titles = {
        canceled: t('canceledTitle'),
        expired: t('expiredTitle'),
        deleted: t('deletedTitle'),
      };
      return { title: titles[page.reason], description: t('closedDescription') };
    }
    case 'not-found':
      return { title: t('notFoundTitle'), description: t('notFoundDescription') };
    case 'invite':
      return { title: t('inviteTitle'), description: t('inviteDescription', { product }) };
    case 'site':
      return { title: product, description: t('siteDescription', { product }) };
  }
}

/** The meta tags of a page's link preview (Open Graph and Twitter's card), escaped. */
export function linkPreviewTags(preview: LinkPreview, siteName: string): string {
  const property = (name: string, content: string | number) =>
    `<meta property="${name}" content="${escapeHtml(String(content))}">`;
  const named = (name: string, content: string) =>
    `<meta name="${name}" content="${escapeHtml(content)}">`;
  return [
    property('og:title', preview.title),
    property('og:description', preview.description),
    named('description', preview.description),
    property('og:url', preview.url),
    property('og:site_name', siteName),
    property('og:type', 'website'),
    property('og:image', preview.image.url),
    property('og:image:width', CARD_WIDTH),
    property('og:image:height', CARD_HEIGHT),
    property('og:image:alt', preview.image.alt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:image:alt', preview.image.alt),
  ].join('');
}
