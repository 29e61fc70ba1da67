import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { HomeScreenRenderer } from 'shared-contracts/page';
import { Layout } from '../app/layout';
import { HomePage } from '../features/home/home-page';
import { frameHostOf } from './frame-host';

/** A server render runs no event handlers: nothing here is ever called. */
const nothing = () => undefined;

/**
 * The home page (`/`) rendered on the server (issue 49): the frame and the home page's card in the
 * page's language, the markup the app's first render of `/` shows (it loads the home page's chunk
 * before that render: bootstrap.tsx), so the page paints before any script has run.
 */
export const renderHomeScreen: HomeScreenRenderer['renderHomeScreen'] = (input) =>
  renderToString(
    <StaticRouter location="/">
      <Layout host={frameHostOf(input)}>
        <HomePage
          productName={input.config.productName}
          language={input.language}
          onOpen={nothing}
        />
      </Layout>
    </StaticRouter>,
  );
