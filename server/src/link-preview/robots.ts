import { LINK_PREVIEW_ROBOTS_TOKENS } from './crawlers';

/** Sent with every page of a share, the invite and the not-found page: never in a search index. */
export const NO_INDEX = 'noindex, nofollow';

/**
 * robots.txt: search engines crawl none of the pages that open a share (or the invite, or the
 * API); the link-preview agents may fetch them, or no chat could show what a link is. The card
 * images are open to all: they carry nothing a link's holder does not see.
 */
export function robotsTxt(): string {
  const previewAgents = LINK_PREVIEW_ROBOTS_TOKENS.map((token) => `User-agent: ${token}`);
  return [
    ...previewAgents,
    'Allow: /',
    '',
    'User-agent: *',
    'Allow: /og/',
    'Disallow: /s/',
    'Disallow: /invite',
    'Disallow: /404',
    'Disallow: /api/',
    'Disallow: /media/',
    '',
  ].join('\n');
}
