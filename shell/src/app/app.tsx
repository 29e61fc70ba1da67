import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { shareCodeOfPage, type HostServices, type SharePrefetch } from 'shared-contracts';
import type { PageRemote } from '../lib/remotes/page-remote';
import { RemoteView } from '../components/remote-view';
import type { Shell } from './create-shell';
import { Layout } from './layout';
import { OverlayLayer } from './overlay-layer';

/** The spec's blank area while a remote loads (it keeps the footer in place). */
function RemoteLoading() {
  return <div className="nb-remote-loading" aria-busy="true" />;
}

interface ShareRouteProps {
  host: HostServices;
  sharePrefetch?: SharePrefetch | undefined;
  pageRemote?: PageRemote | undefined;
  notFound?: boolean;
}

function ShareRoute({ host, sharePrefetch, pageRemote, notFound = false }: ShareRouteProps) {
  // The server's and the viewer's reading of the address: a code no share can have is null.
  const { pathname } = useLocation();
  const shareCode = notFound ? null : shareCodeOfPage(pathname);
  return (
    <Layout host={host}>
      <RemoteView
        config={host.config}
        language={host.language}
        remote="share"
        pageRemote={pageRemote}
        loading={<RemoteLoading />}
        props={{
          host,
          view: notFound ? 'not-found' : 'share',
          shareCode,
          ...(sharePrefetch ? { sharePrefetch } : {}),
        }}
      />
    </Layout>
  );
}

/** The invite page runs inside the mobile app: no top bar, no footer; the remote is its `main`. */
function InviteRoute({ host, pageRemote }: { host: HostServices; pageRemote?: PageRemote }) {
  return (
    <div className="nb-invite">
      <RemoteView
        config={host.config}
        language={host.language}
        remote="invite"
        pageRemote={pageRemote}
        props={{ host }}
        loading={<RemoteLoading />}
      />
    </div>
  );
}

/** What the entry chunk started before the app loaded (src/index.ts). */
interface PageStart {
  sharePrefetch?: SharePrefetch | undefined;
  pageRemote?: PageRemote | undefined;
}

/**
 * Routes of spec section 2; anything unknown is the not-found view (start-up/start-page-remote.ts
 * knows which remote each shows).
 */
export function AppRoutes({ host, sharePrefetch, pageRemote }: { host: HostServices } & PageStart) {
  return (
    <Routes>
      <Route path="/" element={<ShareRoute host={host} pageRemote={pageRemote} />} />
      <Route
        path="/s/:code"
        element={<ShareRoute host={host} sharePrefetch={sharePrefetch} pageRemote={pageRemote} />}
      />
      <Route path="/invite" element={<InviteRoute host={host} pageRemote={pageRemote} />} />
      <Route path="*" element={<ShareRoute host={host} pageRemote={pageRemote} notFound />} />
    </Routes>
  );
}

export function App({ shell, sharePrefetch, pageRemote }: { shell: Shell } & PageStart) {
  return (
    <BrowserRouter>
      <AppRoutes host={shell.host} sharePrefetch={sharePrefetch} pageRemote={pageRemote} />
      <OverlayLayer shell={shell} />
    </BrowserRouter>
  );
}
