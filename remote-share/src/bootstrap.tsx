import { Suspense, use } from 'react';
import { mountStandalone } from 'ui-kit';
import { shareCodeOfPage, type HostServices, type MessagesLoader } from 'shared-contracts';
import ShareViewer, { prepare } from './app/share-viewer';

const shareCode = shareCodeOfPage(window.location.pathname);

/** The viewer once its texts in the page's language have loaded, as the shell shows it. */
function PreparedViewer({
  host,
  loadMessages,
}: {
  host: HostServices;
  loadMessages: MessagesLoader;
}) {
  use(prepare(host.language, loadMessages));
  return <ShareViewer host={host} view="share" shareCode={shareCode} />;
}

/** Standalone dev page: the shell's StandaloneHost supplies the real HostServices. */
void mountStandalone(
  (host, loadMessages) => (
    <Suspense fallback={null}>
      <PreparedViewer host={host} loadMessages={loadMessages} />
    </Suspense>
  ),
  { strictMode: false },
);
