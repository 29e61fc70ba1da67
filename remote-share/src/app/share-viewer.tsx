import { CONTRACT_VERSION, isShareCode, type ShareViewerProps } from 'shared-contracts';
import { HostProvider } from '../lib/host-context';
import { SharePage } from './share-page';
import { StatusView } from '../features/status/status-view';
import { RELEASE } from './release';
// ui-kit's palette, focus style and screen-reader-only class: each app brings them itself (a remote may run under an older shell).
import 'ui-kit/src/theme/tokens.css';
import '../components/ui/base.css';

export const contractVersion = CONTRACT_VERSION;
/** Loads the texts of the page's language before the shell's first render of the viewer. */
export { prepareTexts as prepare } from '../lib/texts';
/** This remote's release in the field data (./release.ts). */
export const release = RELEASE;

/** remote-share's exposed module: the share viewer (and the not-found view). */
export default function ShareViewer({
  host,
  view,
  shareCode,
  sharePrefetch,
  extractCode,
}: ShareViewerProps) {
  return (
    <HostProvider host={host}>
      <div className="ns-root">
        {view === 'not-found' || shareCode === null || !isShareCode(shareCode) ? (
          <StatusView kind="not-found" />
        ) : (
          <SharePage
            key={shareCode}
            shareCode={shareCode}
            sharePrefetch={sharePrefetch}
            extractCode={extractCode}
          />
        )}
      </div>
    </HostProvider>
  );
}
