import { useState, type ReactNode } from 'react';
import { mountStandalone } from 'ui-kit';
import UpgradeSheet from './app/upgrade-sheet';
import { RELEASE } from './app/release';
import { textsIn } from './features/upgrade/texts';

// eslint-disable-next-line lingui/no-unlocalized-strings -- the developers' page, never a visitor's
const OPEN_SHEET = 'Open upgrade sheet';

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
        {OPEN_SHEET}
      </button>
      <p data-release={RELEASE}>{release}</p>
      {children(open, () => setOpen(false))}
    </>
  );
}

/** Standalone dev page: the shell's StandaloneHost supplies the real HostServices. */
void mountStandalone((host) => {
  const t = textsIn(host.language);
  return (
    <Demo release={t('release', { release: RELEASE })}>
      {(open, close) => <UpgradeSheet host={host} open={open} onClose={close} />}
    </Demo>
  );
});
