import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './dialog';

/** The page-wide overlay state another app's copy of ui-kit would have created. */
const KEY = Symbol.for('nimbus.ui-kit.overlays');
type Holder = typeof globalThis & {
  [KEY]?: { traps: object[]; scrollLocks: number; savedOverflow: string };
};

it("shares one stack with other apps' copies: a dialog under another app's dialog ignores Escape", async () => {
  const user = userEvent.setup();
  const onClose = jest.fn();
  render(
    <Dialog closeLabel="Close" open title="Upgrade" onClose={onClose}>
      <button type="button">Buy</button>
    </Dialog>,
  );
  const state = (globalThis as Holder)[KEY];
  expect(state?.traps).toHaveLength(1);
  // Another app (e.g. the shell's download dialog) opens a dialog on top.
  const foreign = {};
  state?.traps.push(foreign);
  await user.keyboard('{Escape}');
  expect(onClose).not.toHaveBeenCalled();
  state?.traps.splice(state.traps.indexOf(foreign), 1);
  await user.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalledTimes(1);
});

it("shares one scroll lock with other apps' copies", () => {
  const state = (globalThis as Holder)[KEY];
  expect(state).toBeDefined();
  // Another app's dialog holds the lock.
  document.body.style.overflow = 'hidden';
  if (state) {
    state.scrollLocks = 1;
    state.savedOverflow = '';
  }
  const view = render(
    <Dialog closeLabel="Close" open title="Report" onClose={() => undefined}>
      <p>Reason</p>
    </Dialog>,
  );
  expect(screen.getByRole('dialog', { name: 'Report' })).toBeInTheDocument();
  view.unmount();
  // Still locked: the other app's dialog is open.
  expect(document.body.style.overflow).toBe('hidden');
  if (state) state.scrollLocks = 0;
  document.body.style.overflow = '';
});
