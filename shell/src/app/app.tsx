import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { shareCodeOfPage, type HostServices, type SharePrefetch } from 'shared-contracts';
import type { PageRemote } from '../lib/remotes/page-remote';
import type { LinkExtractCode } from '../start-up/link-extract-code';
import { RemoteView } from '../components/remote-view';
import type { Shell } from './create-shell';
import { Layout } from './layout';
import { OverlayLayer } from './overlay-layer';
import { useLinkExtractCode } from './use-link-extract-code';

/**
 * The blank area while a remote loads (docs/product.md, "The share viewer"); it keeps the footer
 * in place.
 */
function RemoteLoading() {
  return <div className="nb-remote-loading" aria-busy="true" />;
}

interface ShareRouteProps {
  host: HostServices;
  sharePrefetch?: SharePrefetch | undefined;
  pageRemote?: PageRemote | undefined;
  notFound?: boolean;
  /** The extract code the link carried, for its share only (useLinkExtractCode). */
  linkCode?: LinkExtractCode | null;
}

function ShareRoute({
  host,
  sharePrefetch,
  pageRemote,
  notFound = false,
  linkCode = null,
}: ShareRouteProps) {
  // The server's and the viewer's reading of the address: a code no share can have is null.
  const { pathname } = useLocation();
  const shareCode = notFound ? null : shareCodeOfPage(pathname);
  return (
    <Layout host={host} account={host}>
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
          ...(linkCode && linkCode.shareCode === shareCode ? { extractCode: linkCode.code } : {}),
        }}
      />
    </Layout>
  );
}

type HomePageModule = typeof import('../features/home/home-page');

/** Its own chunk: the share page's start-up JavaScript does not carry the home page. */
const loadHomePage = () => import('../features/home/home-page');
let loadedHomePage: HomePageModule | null = null;
const LazyHomePage = lazy(() => loadHomePage().then((module) => ({ default: module.HomePage })));

/**
 * Loads the home page's chunk before the app's first render of `/` (bootstrap.tsx): the server
 * painted the home page, and the first render shows it as it is, not a blank while it loads.
 */
export async function preloadHomePage(): Promise<void> {
  loadedHomePage = await loadHomePage();
}

/** The home page: the product's frame around a field that opens a pasted share link. */
function HomeRoute({ host }: { host: HostServices }) {
  const navigate = useNavigate();
  const HomePage = loadedHomePage?.HomePage;
  const props = {
    productName: host.config.productName,
    language: host.language,
    onOpen: (path: string) => navigate(path),
  };
  return (
    <Layout host={host} account={host}>
      {HomePage ? (
        <HomePage {...props} />
      ) : (
        <Suspense fallback={<RemoteLoading />}>
          <LazyHomePage {...props} />
        </Suspense>
      )}
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
  /** The extract code the start-up took out of the page's address (`?pwd=`). */
  linkExtractCode?: LinkExtractCode | null | undefined;
}

/**
 * The routes of docs/product.md, "Addresses"; anything unknown is the not-found view
 * (start-up/start-page-remote.ts knows which remote each shows).
 */
export function AppRoutes({
  host,
  sharePrefetch,
  pageRemote,
  linkExtractCode = null,
}: { host: HostServices } & PageStart) {
  const linkCode = useLinkExtractCode(linkExtractCode);
  return (
    <Routes>
      <Route path="/" element={<HomeRoute host={host} />} />
      {/* The server answers it with the home page too (server/src/page-assembly/page-routes.ts). */}
      <Route path="/index.html" element={<HomeRoute host={host} />} />
      <Route
        path="/s/:code"
        element={
          <ShareRoute
            host={host}
            sharePrefetch={sharePrefetch}
            pageRemote={pageRemote}
            linkCode={linkCode}
          />
        }
      />
      <Route path="/invite" element={<InviteRoute host={host} pageRemote={pageRemote} />} />
      <Route path="*" element={<ShareRoute host={host} pageRemote={pageRemote} notFound />} />
    </Routes>
  );
}

export function App({
  shell,
  sharePrefetch,
  pageRemote,
  linkExtractCode,
}: { shell: Shell } & PageStart) {
  return (
    <BrowserRouter>
      <AppRoutes
        host={shell.host}
        sharePrefetch={sharePrefetch}
        pageRemote={pageRemote}
        linkExtractCode={linkExtractCode}
      />
      <OverlayLayer shell={shell} />
    </BrowserRouter>
  );
}
