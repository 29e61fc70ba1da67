import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { proxy } from 'valtio';
import { isSiteLanguage } from 'shared-contracts';
import type { PageFrameRenderer } from 'shared-contracts/page';
import { Layout, type FrameHost } from '../app/layout';
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

/** A server render runs no effects and no event handlers: nothing here is ever called. */
const nothing = () => undefined;

/**
 * The shell's part of a share page's first screen, rendered on the server: the top bar (its
 * language menu closed) and the footer around the viewer's HTML, in the page's language, the same
 * markup `Layout` renders in the browser.
 */
export const renderPageFrame: PageFrameRenderer['renderPageFrame'] = ({
  config,
  platform,
  language,
  content,
}) => {
  const host: FrameHost = {
    config,
    language,
    platform: proxy({ platform }),
    deepLink: { open: nothing, urlOf: () => '' },
    downloadDialog: { open: nothing },
  };
  const frame = renderToString(
    <StaticRouter location="/">
      <Layout host={host}>{CONTENT_SLOT}</Layout>
    </StaticRouter>,
  );
  return frame.replace(CONTENT_SLOT, () => content);
};
