import { renderToString } from 'react-dom/server';
import type { ShareScreenRenderer, SharePrefetch } from 'shared-contracts';
import ShareViewer from '../app/share-viewer';
import { pageTitleOf } from '../features/status/status-view';
import { pageScreenOf } from '../app/page-screen';
import { firstScreenHost } from 'ui-kit/src/first-screen/first-screen-host';
import { prepareServerTexts } from './server-texts';

/**
 * The viewer's screen for a share page without a list, rendered on the server: a protected
 * share's extract-code prompt, a closed share's status view, the not-found view (`info` null).
 * The page paints it before any script has run; the viewer's first render starts on the same
 * screen (`SharePrefetch.pageInfo`, app/page-screen.ts), so it takes over without a blank.
 * Null for an open public share, whose list the server did not have.
 */
export const renderShareScreen: ShareScreenRenderer['renderShareScreen'] = ({
  shareCode,
  info,
  ...input
}) => {
  const pageInfo = info ?? 'not-found';
  // The server knows no tab's unlocked shares: a protected share shows its code prompt.
  const screen = pageScreenOf(pageInfo, false);
  if (!screen) return null;
  const sharePrefetch: SharePrefetch = { take: () => null, pageInfo: () => pageInfo };
  const t = prepareServerTexts(input.language);
  const html = renderToString(
    <ShareViewer
      host={firstScreenHost(input)}
      view="share"
      shareCode={shareCode}
      sharePrefetch={sharePrefetch}
    />,
  );
  // The title the screen gives the page as it shows (useScreenTitle), from the first byte.
  const page = screen.phase === 'code' ? t('codePageTitle') : pageTitleOf(screen.statusKind, t);
  return { html, title: t('pageTitle', { page, productName: input.config.productName }) };
};
