import { Suspense, use } from 'react';
import { mountStandalone } from 'ui-kit';
import { shareCodeOfPage, type HostServices } from 'shared-contracts';
import ShareViewer, { prepare } from './app/share-viewer';

const shareCode = shareCodeOfPage(window.location.pathname);

/** The viewer once its texts in the page's language have loaded, as the shell shows it. */
function PreparedViewer({ host }: { host: HostServices }) {
  use(prepare(host.language));
  return <ShareViewer host={host} view="share" shareCode={shareCode} />;
}

/** Standalone dev page: the shell's StandaloneHost supplies the real HostServices. */
void mountStandalone(
  (host) => (
    <Suspense fallback={null}>
      <PreparedViewer host={host} />
    </Suspense>
  ),
  { strictMode: false },
);
