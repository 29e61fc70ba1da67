import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './dialog';

/** A page with a toast region and a selection count that is part of its content. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <main>
        <p aria-live="polite" data-inert-with-page>
          2 file(s) selected
        </p>
        <button type="button" onClick={() => setOpen(true)}>
          Save
        </button>
      </main>
      <div role="status">Saved</div>
      <Dialog closeLabel="Close" open={open} title="Save to" onClose={() => setOpen(false)}>
        <button type="button">Confirm</button>
      </Dialog>
    </>
  );
}

describe('live regions behind a dialog', () => {
  it("keep the toasts talking; the page's own live text goes inert with the page", async () => {
    const user = userEvent.setup();
    render(<Page />);
    const count = screen.getByText('2 file(s) selected');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(count.closest('[inert]')).not.toBeNull();
    expect(screen.getByRole('status')).not.toHaveAttribute('inert');
    await user.keyboard('{Escape}');
    expect(count.closest('[inert]')).toBeNull();
  });
});
