import { CONTRACT_VERSION, type ShareViewerProps } from 'shared-contracts';
import { HostProvider } from '../lib/host-context';
import { SharePage } from './share-page';
import { StatusView } from '../features/status/status-view';
import '../components/ui/base.css';

export const contractVersion = CONTRACT_VERSION;

/** remote-share's exposed module: the share viewer (and the not-found view). */
export default function ShareViewer({ host, view, shareCode, sharePrefetch }: ShareViewerProps) {
  return (
    <HostProvider host={host}>
      <div className="ns-root">
        {view === 'not-found' ? (
          <StatusView kind="not-found" />
        ) : (
          <SharePage key={shareCode ?? ''} sharePrefetch={sharePrefetch} />
        )}
      </div>
    </HostProvider>
  );
}
