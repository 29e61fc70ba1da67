import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './dialog';

function Harness({ variant }: { variant: 'modal' | 'sheet' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      <Dialog open={open} title="Report" variant={variant} onClose={() => setOpen(false)}>
        <label>
          Reason
          <input />
        </label>
        <button type="button">Submit</button>
      </Dialog>
    </>
  );
}

describe.each(['modal', 'sheet'] as const)('Dialog (%s)', (variant) => {
  it('is named by its title, focuses its first control and traps Tab', async () => {
    const user = userEvent.setup();
    render(<Harness variant={variant} />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const dialog = screen.getByRole('dialog', { name: 'Report' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness variant={variant} />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open dialog' })).toHaveFocus();
  });

  it('closes with its Close button', async () => {
    const user = userEvent.setup();
    render(<Harness variant={variant} />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('nested dialogs', () => {
  it('Escape closes only the top dialog, even when focus fell out of it', async () => {
    const user = userEvent.setup();
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <>
          <Dialog open={outer} title="Outer" onClose={() => setOuter(false)}>
            <button type="button" onClick={() => setInner(true)}>
              Open inner
            </button>
          </Dialog>
          <Dialog open={inner} title="Inner" onClose={() => setInner(false)}>
            <button type="button">Inner action</button>
          </Dialog>
        </>
      );
    }
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getByRole('button', { name: 'Inner action' })).toHaveFocus();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

it('locks the page scroll while a dialog is open', async () => {
  const user = userEvent.setup();
  render(<Harness variant="sheet" />);
  await user.click(screen.getByRole('button', { name: 'Open dialog' }));
  expect(document.body.style.overflow).toBe('hidden');
  await user.keyboard('{Escape}');
  expect(document.body.style.overflow).toBe('');
});
