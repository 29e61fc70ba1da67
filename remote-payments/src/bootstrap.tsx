import { useState, type ReactNode } from 'react';
import { mountStandalone } from 'ui-kit';
import UpgradeSheet from './app/upgrade-sheet';

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

/** Standalone dev page: the shell's StandaloneHost supplies the real HostServices. */
void mountStandalone((host) => (
  <Demo>{(open, close) => <UpgradeSheet host={host} open={open} onClose={close} />}</Demo>
));
