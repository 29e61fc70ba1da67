import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import type { StandaloneHostModule } from 'shared-contracts';
import ShareViewer from './app/share-viewer';

/** Standalone dev page: the shell's StandaloneHost supplies the real HostServices. */
registerRemotes([{ name: 'shell', entry: 'http://localhost:8080/mf-manifest.json' }]);

const StandaloneHost = lazy(async () => {
  const module = await loadRemote<StandaloneHostModule>('shell/StandaloneHost');
  if (!module) throw new Error('shell/StandaloneHost did not load');
  return { default: module.default };
});

const match = /^\/s\/([^/?#]+)/.exec(window.location.pathname);
const shareCode = match?.[1] ? decodeURIComponent(match[1]) : null;

createRoot(document.getElementById('app') as HTMLElement).render(
  <Suspense fallback={null}>
    <StandaloneHost>
      {(host) => <ShareViewer host={host} view="share" shareCode={shareCode} />}
    </StandaloneHost>
  </Suspense>,
);
