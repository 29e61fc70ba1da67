import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './dialog';

/** The element that paints a dialog: ui-kit's fixed layer around its panel. */
function layerOf(name: string): HTMLElement {
  const layer = screen
    .getByRole('dialog', { name, hidden: true })
    .closest<HTMLElement>('.uk-dialog');
  if (!layer) throw new Error(`${name} has no layer`);
  return layer;
}

/**
 * The shell's overlays, as the page orders them: the download dialog comes before the upgrade
 * sheet in the page, yet opens from the sheet's Pay button, last.
 */
function Overlays() {
  const [sheet, setSheet] = useState(false);
  const [download, setDownload] = useState(false);
  const [checked, setChecked] = useState(true);
  return (
    <>
      <main>
        <button type="button" onClick={() => setSheet(true)}>
          Save to cloud
        </button>
        <input
          type="checkbox"
          aria-label="Select mountains.jpg"
          checked={checked}
          onChange={() => setChecked(!checked)}
        />
      </main>
      <Dialog
        closeLabel="Close"
        open={download}
        title="Download Nimbus App"
        onClose={() => setDownload(false)}
      >
        <a href="https://play.example/nimbus">Get it for Android</a>
      </Dialog>
      <Dialog
        closeLabel="Close"
        open={sheet}
        variant="sheet"
        title="Insufficient cloud storage"
        onClose={() => setSheet(false)}
        initialFocus="first"
      >
        <button type="button" onClick={() => setDownload(true)}>
          Pay
        </button>
      </Dialog>
    </>
  );
}

describe('dialogs opened over one another', () => {
  it('paints the last opened on top, inert below it, and gives the one below back working', async () => {
    const user = userEvent.setup();
    render(<Overlays />);
    await user.click(screen.getByRole('button', { name: 'Save to cloud' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    const download = screen.getByRole('dialog', { name: 'Download Nimbus App' });
    expect(Number(layerOf('Download Nimbus App').style.zIndex)).toBeGreaterThan(
      Number(layerOf('Insufficient cloud storage').style.zIndex),
    );
    expect(download).toContainElement(document.activeElement as HTMLElement);
    expect(layerOf('Insufficient cloud storage')).toHaveAttribute('inert');
    expect(layerOf('Download Nimbus App').closest('[inert]')).toBeNull();

    await user.click(within(download).getByRole('button', { name: 'Close' }));
    expect(download).not.toBeInTheDocument();
    // The sheet is back: live, focused on the button that opened the dialog, and closable.
    expect(layerOf('Insufficient cloud storage')).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveFocus();
    expect(layerOf('Insufficient cloud storage').style.zIndex).toBe('1000');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const row = screen.getByRole('checkbox', { name: 'Select mountains.jpg' });
    await user.click(row);
    expect(row).not.toBeChecked();
  });

  it('closes the top one first on Escape, then the one below', async () => {
    const user = userEvent.setup();
    render(<Overlays />);
    await user.click(screen.getByRole('button', { name: 'Save to cloud' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Download Nimbus App' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Insufficient cloud storage' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save to cloud' })).toHaveFocus();
  });

  it('opens the same dialog on top again after it closed', async () => {
    const user = userEvent.setup();
    render(<Overlays />);
    await user.click(screen.getByRole('button', { name: 'Save to cloud' }));
    for (let round = 0; round < 2; round += 1) {
      await user.click(screen.getByRole('button', { name: 'Pay' }));
      expect(layerOf('Download Nimbus App').style.zIndex).toBe('1001');
      await user.keyboard('{Escape}');
    }
    expect(layerOf('Insufficient cloud storage').style.zIndex).toBe('1000');
  });
});

it("paints another app's dialog (its own copy of ui-kit) under one opened after it", () => {
  // Another app's dialog is open: its layer in the page, its trap on the shared stack.
  const foreignLayer = document.createElement('div');
  foreignLayer.className = 'uk-dialog';
  const foreignPanel = document.createElement('div');
  foreignLayer.append(foreignPanel);
  document.body.append(foreignLayer);
  const KEY = Symbol.for('nimbus.ui-kit.overlays');
  const state = (globalThis as typeof globalThis & { [KEY]?: { traps: object[] } })[KEY];
  const foreign = { root: foreignPanel };
  state?.traps.push(foreign);

  const view = render(
    <Dialog closeLabel="Close" open title="Download Nimbus App" onClose={() => undefined}>
      <p>Scan a code</p>
    </Dialog>,
  );
  expect(foreignLayer.style.zIndex).toBe('1000');
  expect(layerOf('Download Nimbus App').style.zIndex).toBe('1001');
  expect(foreignLayer).toHaveAttribute('inert');
  view.unmount();
  expect(foreignLayer).not.toHaveAttribute('inert');
  state?.traps.splice(state.traps.indexOf(foreign), 1);
  foreignLayer.remove();
});
