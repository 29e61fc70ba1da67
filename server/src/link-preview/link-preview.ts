import { formatSize } from 'shared-contracts';
import { escapeHtml } from '../lib/html';
import { CARD_HEIGHT, CARD_WIDTH } from './card-layouts';

/**
 * What a page's link preview says. Only an open public share says what it holds; a protected,
 * closed or unknown share says what kind of page it is and nothing of its content.
 */
export type PageKind =
  | {
      kind: 'share';
      sharerName: string;
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

/** '“Photos” and 7 more files' (or items, when folders are among them). */
export function sharedWhat(share: Extract<PageKind, { kind: 'share' }>): string {
  const more = share.itemCount - 1;
  const noun = share.onlyFiles ? 'file' : 'item';
  const name = `“${share.firstName}”`;
  return more > 0 ? `${name} and ${more} more ${noun}${more === 1 ? '' : 's'}` : name;
}

/** '8 items · 35.2 MB' */
export function shareDetails(share: Extract<PageKind, { kind: 'share' }>): string {
  const noun = share.onlyFiles ? 'file' : 'item';
  const count = `${share.itemCount} ${noun}${share.itemCount === 1 ? '' : 's'}`;
  return `${count} · ${formatSize(share.totalBytes) ?? '0 B'}`;
}

const CLOSED_TITLES = {
  canceled: 'This share was canceled',
  expired: 'This share has expired',
  deleted: 'This share was deleted',
} as const;

/** The title and description of a page's preview. */
export function previewTexts(
  page: PageKind,
  productName: string,
): { title: string; description: string } {
  switch (page.kind) {
    case 'share':
      return {
        title: `${page.sharerName} shared ${sharedWhat(page)}`,
        description: `${shareDetails(page)}. Open, preview and save them to your ${productName} cloud.`,
      };
    case 'protected':
      return {
        title: 'A protected share is waiting for you',
        description: `Enter the extract code you were given to open it on ${productName}.`,
      };
    case 'closed':
      return {
        title: CLOSED_TITLES[page.reason],
        description: 'Its files are no longer available.',
      };
    case 'not-found':
      return { title: 'Share not found', description: 'This link does not lead to a share.' };
    case 'invite':
      return {
        title: 'Join the community, get Premium free',
        description: `Join the ${productName} community and claim your Premium reward.`,
      };
    case 'site':
      return {
        title: productName,
        description: `Open the files shared with you from ${productName} cloud storage.`,
      };
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
