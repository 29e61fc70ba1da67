import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { StandaloneHostModule } from 'shared-contracts';
import InvitePage from './app/invite-page';

/** Standalone dev page: the shell's StandaloneHost supplies the real HostServices. */
registerRemotes([{ name: 'shell', entry: 'http://localhost:8080/mf-manifest.json' }]);

const root = createRoot(document.getElementById('app') ?? document.body);
loadRemote<StandaloneHostModule>('shell/StandaloneHost')
  .then((module) => {
    if (!module) throw new Error('shell/StandaloneHost is not available');
    const StandaloneHost = module.default;
    root.render(
      <StrictMode>
        <StandaloneHost>{(host) => <InvitePage host={host} />}</StandaloneHost>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(<p>Could not load the shell on http://localhost:8080: {String(error)}</p>);
  });
