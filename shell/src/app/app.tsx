import { BrowserRouter, Route, Routes, useParams } from 'react-router-dom';
import type { HostServices, SharePrefetch } from 'shared-contracts';
import { RemoteView } from '../remotes/remote-view';
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
  notFound?: boolean;
}

function ShareRoute({ host, sharePrefetch, notFound = false }: ShareRouteProps) {
  const { code } = useParams();
  return (
    <Layout host={host}>
      <RemoteView
        config={host.config}
        remote="share"
        loading={<RemoteLoading />}
        props={{
          host,
          view: notFound ? 'not-found' : 'share',
          shareCode: notFound ? null : (code ?? null),
          ...(sharePrefetch ? { sharePrefetch } : {}),
        }}
      />
    </Layout>
  );
}

/** The invite page runs inside the mobile app: no top bar, no footer. */
function InviteRoute({ host }: { host: HostServices }) {
  return (
    <main className="nb-invite">
      <RemoteView
        config={host.config}
        remote="invite"
        props={{ host }}
        loading={<RemoteLoading />}
      />
    </main>
  );
}

/** Routes of spec section 2; anything unknown is the not-found view. */
export function AppRoutes({
  host,
  sharePrefetch,
}: {
  host: HostServices;
  sharePrefetch?: SharePrefetch | undefined;
}) {
  return (
    <Routes>
      <Route path="/" element={<ShareRoute host={host} />} />
      <Route path="/s/:code" element={<ShareRoute host={host} sharePrefetch={sharePrefetch} />} />
      <Route path="/invite" element={<InviteRoute host={host} />} />
      <Route path="*" element={<ShareRoute host={host} notFound />} />
    </Routes>
  );
}

export function App({ shell, sharePrefetch }: { shell: Shell; sharePrefetch?: SharePrefetch }) {
  return (
    <BrowserRouter>
      <AppRoutes host={shell.host} sharePrefetch={sharePrefetch} />
      <OverlayLayer shell={shell} />
    </BrowserRouter>
  );
}
