import { renderToString } from 'react-dom/server';
import type { ShareFirstScreenRenderer, SharePrefetch } from 'shared-contracts';
import ShareViewer from '../app/share-viewer';
import { firstScreenHost } from 'ui-kit/src/first-screen/first-screen-host';
import { prepareServerTexts } from './server-texts';

/**
 * The viewer's first screen for a share whose page carries its root list, rendered on the
 * server: the same component and store the browser starts from, so the list the page paints
 * before any script has run is the one the app's first render shows.
 */
export const renderShareFirstScreen: ShareFirstScreenRenderer['renderShareFirstScreen'] = ({
  answers,
  ...input
}) => {
  const firstScreen = { info: answers.info, rootList: answers.root_list };
  const sharePrefetch: SharePrefetch = { take: () => null, firstScreen: () => firstScreen };
  // The components read the page language's texts as they render.
  prepareServerTexts(input.language);
  return renderToString(
    <ShareViewer
      host={firstScreenHost(input)}
      view="share"
      shareCode={answers.share_code}
      sharePrefetch={sharePrefetch}
    />,
  );
};

// The same server build renders the pages without a list (contract 1.9).
export { renderShareScreen } from './render-share-screen';
