import { mountStandalone } from 'ui-kit';
import { shareCodeOfPage } from 'shared-contracts';
import ShareViewer from './app/share-viewer';

const shareCode = shareCodeOfPage(window.location.pathname);

/** Standalone dev page: the shell's StandaloneHost supplies the real HostServices. */
void mountStandalone((host) => <ShareViewer host={host} view="share" shareCode={shareCode} />, {
  strictMode: false,
});
