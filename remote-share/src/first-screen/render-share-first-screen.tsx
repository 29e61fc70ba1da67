import { renderToString } from 'react-dom/server';
import {
  queryWithFolder,
  type ShareFirstScreenRenderer,
  type SharePrefetch,
} from 'shared-contracts';
import ShareViewer from '../app/share-viewer';
import { firstScreenHost } from 'ui-kit/src/first-screen/first-screen-host';
import { prepareServerView } from '../features/share-list/grid/view-mode';
import { prepareServerTexts } from './server-texts';

/**
 * The viewer's first screen for a share whose page carries its root list, rendered on the
 * server: the same component and store the browser starts from, so the list the page paints
 * before any script has run is the one the app's first render shows, in the visitor's view.
 */
export const renderShareFirstScreen: ShareFirstScreenRenderer['renderShareFirstScreen'] = ({
  answers,
  view = 'list',
  ...input
}) => {
  const folderPath = answers.folder_path;
  const firstScreen = { info: answers.info, rootList: answers.root_list, folderPath };
  // A folder's page is rendered for its address, which names the folder (folder-address.ts).
  const folder = folderPath?.at(-1);
  const query = folder ? queryWithFolder('', folder.id) : '';
  const sharePrefetch: SharePrefetch = { take: () => null, firstScreen: () => firstScreen };
  // The components read the page language's texts as they render.
  prepareServerTexts(input.language);
  // The visitor's view (their cookie): a grid visitor's first screen is the grid.
  prepareServerView(view);
  return renderToString(
    <ShareViewer
      host={firstScreenHost(input, query)}
      view="share"
      shareCode={answers.share_code}
      sharePrefetch={sharePrefetch}
    />,
  );
};

// The same server build renders the pages without a list (contract 1.9).
export { renderShareScreen } from './render-share-screen';
