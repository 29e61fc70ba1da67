import { shareCodeOfPage, type SiteLanguage } from 'shared-contracts';
import { remoteOfPage } from 'shared-contracts/page';
import type { LinkPreviewService, SharePreview } from '../plugins/app/link-previews';
import { cardPath } from './card-urls';
import { linkPreviewTags, previewTexts, type PageKind } from './link-preview';
import { NO_INDEX } from './robots';

/** What a page's head carries for chat apps and search engines, and the page's status. */
export interface PagePreview {
  /** The tags, their words in the page's language (known once its screen is painted). */
  tagsIn(language: SiteLanguage): string;
  status: 200 | 404;
}

interface PagePreviewInput {
  pathname: string;
  publicOrigin: string;
  productName: string;
  linkPreviews: Pick<LinkPreviewService, 'ofShare'>;
  /** A share's preview could not be read (the database): the page says what the site is. */
  onError(error: unknown): void;
}

const SITE: SharePreview = { page: { kind: 'site' }, thumbPaths: [], shareId: null };

/** The pages the shell answers for; any other path is the not-found page, with status 404. */
function isKnownPage(pathname: string): boolean {
  return pathname === '/' || pathname === '/index.html' || remoteOfPage(pathname) === 'invite';
}

/**
 * The link preview of a page (Open Graph and Twitter tags) and its robots rule: every page but
 * the home page is kept out of search engines. An unknown share or path is a 404.
 */
export async function pagePreviewOf(input: PagePreviewInput): Promise<PagePreview> {
  const { pathname, publicOrigin, productName } = input;
  const code = shareCodeOfPage(pathname);
  let preview: SharePreview;
  if (code !== null) {
    preview = await input.linkPreviews.ofShare(code).catch((error: unknown) => {
      input.onError(error);
      return SITE;
    });
  } else if (remoteOfPage(pathname) === 'invite') {
    preview = { page: { kind: 'invite' }, thumbPaths: [], shareId: null };
  } else {
    preview = isKnownPage(pathname) ? SITE : { ...SITE, page: { kind: 'not-found' } };
  }
  const page: PageKind = preview.page;
  const address = code !== null ? `/s/${encodeURIComponent(code)}` : pathname;
  const robots = pathname === '/' ? '' : `<meta name="robots" content="${NO_INDEX}">`;
  const tagsIn = (language: SiteLanguage) => {
    const texts = previewTexts(page, productName, language);
    const card = cardPath(code ?? '', page, preview.thumbPaths, productName, language);
    const image = { url: `${publicOrigin}${card}`, alt: texts.title };
    const url = `${publicOrigin}${address}`;
    return robots + linkPreviewTags({ ...texts, url, image }, productName);
  };
  return { tagsIn, status: page.kind === 'not-found' ? 404 : 200 };
}
