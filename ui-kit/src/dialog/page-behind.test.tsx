import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './dialog';

/** A page with a heading, a live region and a button that opens one dialog, then another. */
function Page() {
  const [first, setFirst] = useState(false);
  const [second, setSecond] = useState(false);
  return (
    <>
      <main>
        <h1 tabIndex={-1}>Shared files</h1>
        <button type="button" onClick={() => setFirst(true)}>
          Save
        </button>
      </main>
      <div role="status">Saved</div>
      <Dialog closeLabel="Close" open={first} title="Save to" onClose={() => setFirst(false)}>
        <button
          type="button"
          onClick={() => {
            // The picker closes as the success dialog opens: its Confirm button goes away.
            setFirst(false);
            setSecond(true);
          }}
        >
          Confirm
        </button>
        <div role="menu" aria-label="Speed">
          <button type="button" role="menuitem">
            1x
          </button>
        </div>
      </Dialog>
      <Dialog
        closeLabel="Close"
        open={second}
        title="Share successful"
        onClose={() => setSecond(false)}
      >
        <p>Saved to Trips</p>
      </Dialog>
    </>
  );
}

describe('the page behind a dialog', () => {
  it('is inert while the dialog is open, live regions aside, and live again after', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('main', { hidden: true })).toHaveAttribute('inert');
    expect(screen.getByRole('status')).not.toHaveAttribute('inert');
    expect(screen.getByRole('dialog', { name: 'Save to' }).closest('[inert]')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it("returns the focus to the first dialog's opener when the second one's opener is gone", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('dialog', { name: 'Share successful' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('falls back to the screen heading when no opener can take the focus', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    save.setAttribute('disabled', '');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'Shared files' })).toHaveFocus();
  });

  it('leaves an Escape pressed in a menu inside the dialog to the menu', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    screen.getByRole('menuitem', { name: '1x' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Save to' })).toBeInTheDocument();
  });
});
