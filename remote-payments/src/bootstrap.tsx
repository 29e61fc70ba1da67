import { StrictMode, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { StandaloneHostModule } from 'shared-contracts';
import UpgradeSheet from './app/upgrade-sheet';

/** Standalone dev page: the shell's StandaloneHost supplies the real HostServices. */
registerRemotes([{ name: 'shell', entry: 'http://localhost:8080/mf-manifest.json' }]);

function Demo({ children }: { children(open: boolean, close: () => void): ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open upgrade sheet
      </button>
      {children(open, () => setOpen(false))}
    </>
  );
}

const root = createRoot(document.getElementById('app') ?? document.body);
loadRemote<StandaloneHostModule>('shell/StandaloneHost')
  .then((module) => {
    if (!module) throw new Error('shell/StandaloneHost is not available');
    const StandaloneHost = module.default;
    root.render(
      <StrictMode>
        <StandaloneHost>
          {(host) => (
            <Demo>{(open, close) => <UpgradeSheet host={host} open={open} onClose={close} />}</Demo>
          )}
        </StandaloneHost>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(<p>Could not load the shell on http://localhost:8080: {String(error)}</p>);
  });
