import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { isSiteLanguage } from 'shared-contracts';
import type { PageFrameRenderer } from 'shared-contracts/page';
import { Layout } from '../app/layout';
import { frameHostOf } from './frame-host';
import { provideShellTexts } from '../lib/i18n/shell-texts';
import { CATALOGS } from '../locales';

// The server paints pages in every language: all of the shell's catalogs come with this build.
for (const [language, messages] of Object.entries(CATALOGS)) {
  if (isSiteLanguage(language)) provideShellTexts(language, messages);
}

/**
 * Stands for the remote's HTML while React renders the frame: plain text, which React leaves
 * as it is, and which no product text contains.
 */
const CONTENT_SLOT = 'nimbus-first-screen-content-slot';

/**
 * The shell's part of a share page's first screen, rendered on the server: the top bar (its
 * language menu closed) and the footer around the viewer's HTML, in the page's language, the same
 * markup `Layout` renders in the browser.
 */
export const renderPageFrame: PageFrameRenderer['renderPageFrame'] = ({ content, ...input }) => {
  const frame = renderToString(
    <StaticRouter location="/">
      <Layout host={frameHostOf(input)}>{CONTENT_SLOT}</Layout>
    </StaticRouter>,
  );
  return frame.replace(CONTENT_SLOT, () => content);
};

// The same build renders the home page (contract 2.1).
export { renderHomeScreen } from './render-home-screen';
