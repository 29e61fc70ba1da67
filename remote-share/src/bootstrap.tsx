import { mountStandalone } from 'ui-kit';
import ShareViewer from './app/share-viewer';

const match = /^\/s\/([^/?#]+)/.exec(window.location.pathname);
const shareCode = match?.[1] ? decodeURIComponent(match[1]) : null;

/** Standalone dev page: the shell's StandaloneHost supplies the real HostServices. */
void mountStandalone((host) => <ShareViewer host={host} view="share" shareCode={shareCode} />, {
  strictMode: false,
});
