import { useState, type ReactNode } from 'react';
import { mountStandalone } from 'ui-kit';
import UpgradeSheet from './app/upgrade-sheet';
import { RELEASE } from './app/release';
import { translatorFor } from './features/upgrade/texts';

function Demo({
  release,
  children,
}: {
  /** This remote's release line: the developers' page shows it, the sheet does not. */
  release: string;
  children(open: boolean, close: () => void): ReactNode;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open upgrade sheet
      </button>
      <p data-release={RELEASE}>{release}</p>
      {children(open, () => setOpen(false))}
    </>
  );
}

/** Standalone dev page: the shell's StandaloneHost supplies the real HostServices. */
void mountStandalone((host) => (
  <Demo release={translatorFor(host.language)('release', { release: RELEASE })}>
    {(open, close) => <UpgradeSheet host={host} open={open} onClose={close} />}
  </Demo>
));
