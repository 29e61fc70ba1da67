import { renderToString } from 'react-dom/server';
import type { InviteScreenRenderer } from 'shared-contracts';
import { firstScreenHost } from 'ui-kit/src/first-screen/first-screen-host';
import { InviteView, inviteDocumentTitle } from '../features/invite/components/invite-view';
import type { InviteBrowser } from '../features/invite/hooks/invite-browser';
import { oauthReturnOf } from '../features/invite/flow';
import {
  htmlLang,
  inviteLanguageOfAddress,
  resolveInviteLanguage,
} from '../features/invite/language';
// ui-kit's palette and focus style, as the exposed module (app/invite-page.tsx) brings them.
import 'ui-kit/src/theme/tokens.css';

/**
 * What this build writes before an image's file name (`publicPath` of its asset modules in
 * webpack.first-screen.config.js); the render puts the remote's folder in its place.
 */
const ASSET_SLOT = '/nimbus-first-screen-assets/';

/**
 * The folder the app's images are served from: the folder of the remote's `mf-manifest.json`,
 * where its entry is (the app's publicPath 'auto' resolves there). A path for a manifest on the
 * page's origin, an absolute URL for one elsewhere.
 */
export function assetFolderOf(manifestUrl: string): string {
  const folder = new URL('./', new URL(manifestUrl, 'http://page.invalid'));
  return folder.origin === 'http://page.invalid' ? folder.pathname : folder.href;
}

const escapeAttribute = (value: string) =>
  // eslint-disable-next-line lingui/no-unlocalized-strings -- HTML's character references
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const nothing = () => undefined;

/**
 * The invite page rendered on the server, as the app's first render shows it: the card in the
 * page's language with its join button disabled (no app user is read before the app runs), so
 * a tap before the app has nothing to keep. It paints before any script has run; the app's first
 * render replaces it with the same markup. Null where the server cannot know that render: a
 * return from the community (`code` and `state`: its processing state or a failure message
 * depend on the tab's session storage), or a page whose language is the browser's when the
 * request names none.
 */
export const renderInviteScreen: InviteScreenRenderer['renderInviteScreen'] = ({
  search,
  browserLanguage,
  ...input
}) => {
  if (oauthReturnOf(search)) return null;
  if (browserLanguage === null && inviteLanguageOfAddress(search) === null) return null;
  // The language the view resolves (the same function, from the same inputs).
  const language = resolveInviteLanguage(search, browserLanguage ?? undefined);
  const browser: InviteBrowser = {
    search,
    origin: '',
    pathname: '/invite',
    language: browserLanguage ?? undefined,
    assign: nothing,
    replace: nothing,
    storage: { getItem: () => null, setItem: nothing, removeItem: nothing },
  };
  const html = renderToString(<InviteView host={firstScreenHost(input)} browser={browser} />);
  const folder = escapeAttribute(assetFolderOf(input.config.remotes.invite.manifestUrl));
  return {
    html: html.replaceAll(`"${ASSET_SLOT}`, () => `"${folder}`),
    title: inviteDocumentTitle(language, input.config.productName),
    lang: htmlLang(language),
  };
};
