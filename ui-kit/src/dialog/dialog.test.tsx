import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, type DialogVariant } from './dialog';

function Harness({ variant }: { variant: DialogVariant }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open dialog
      </button>
      <Dialog
        closeLabel="Close"
        open={open}
        title="Report"
        variant={variant}
        onClose={() => setOpen(false)}
      >
        <label>
          Reason
          <input />
        </label>
        <button type="button">Submit</button>
      </Dialog>
    </>
  );
}

describe.each(['modal', 'sheet', 'fullscreen'] as const)('Dialog (%s)', (variant) => {
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

  it('closes on a click on the backdrop, not on a click inside', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness variant={variant} />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByRole('textbox', { name: 'Reason' }));
    expect(screen.getByRole('dialog', { name: 'Report' })).toBeInTheDocument();
    const backdrop = container.querySelector('.uk-dialog__backdrop');
    expect(backdrop).not.toBeNull();
    await user.click(backdrop as Element);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open dialog' })).toHaveFocus();
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
          <Dialog closeLabel="Close" open={outer} title="Outer" onClose={() => setOuter(false)}>
            <button type="button" onClick={() => setInner(true)}>
              Open inner
            </button>
          </Dialog>
          <Dialog closeLabel="Close" open={inner} title="Inner" onClose={() => setInner(false)}>
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

it('keeps the scroll locked until the last of nested dialogs closes', async () => {
  const user = userEvent.setup();
  document.body.style.overflow = 'auto';
  function Two() {
    const [second, setSecond] = useState(false);
    return (
      <>
        <Dialog closeLabel="Close" open title="First" onClose={() => undefined}>
          <button type="button" onClick={() => setSecond(true)}>
            Open second
          </button>
        </Dialog>
        <Dialog closeLabel="Close" open={second} title="Second" onClose={() => setSecond(false)}>
          <p>Second body</p>
        </Dialog>
      </>
    );
  }
  const view = render(<Two />);
  expect(document.body.style.overflow).toBe('hidden');
  await user.click(screen.getByRole('button', { name: 'Open second' }));
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Second' })).not.toBeInTheDocument();
  expect(document.body.style.overflow).toBe('hidden');
  view.unmount();
  expect(document.body.style.overflow).toBe('auto');
  document.body.style.overflow = '';
});

describe('options', () => {
  it('renders a description, a footer and a header start, and can hide its close button', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(
      <Dialog
        closeLabel="Close"
        open
        title="Save to"
        description="Pick a folder"
        hideClose
        headerStart={
          <button type="button" onClick={onClose}>
            Back
          </button>
        }
        footer={<button type="button">Confirm</button>}
        onClose={onClose}
      >
        <p>Folders</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Save to' });
    expect(dialog).toHaveAccessibleDescription('Pick a folder');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    // No control in the body: the first one of the panel (the header's back button).
    expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("puts the close button first and focuses it with closePlacement 'start' and initialFocus 'first'", async () => {
    const user = userEvent.setup();
    render(
      <Dialog
        open
        title="Upgrade"
        closeLabel="Dismiss"
        closePlacement="start"
        initialFocus="first"
        onClose={() => undefined}
      >
        <button type="button">Buy</button>
        <a href="https://example.com/terms">Terms</a>
      </Dialog>,
    );
    const close = screen.getByRole('button', { name: 'Dismiss' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });

  it('focuses a [data-autofocus] control first', () => {
    render(
      <Dialog closeLabel="Close" open title="Report" initialFocus="first" onClose={() => undefined}>
        <button type="button">Help</button>
        <textarea aria-label="Reason" data-autofocus />
      </Dialog>,
    );
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveFocus();
  });

  it('renders into document.body with portal, with the given class names', () => {
    const { container } = render(
      <div>
        <Dialog
          closeLabel="Close"
          open
          portal
          title="Ported"
          className="app-panel"
          classNames={{ root: 'app-root', body: 'app-body' }}
          lang="zh-Hans"
          onClose={() => undefined}
        >
          <p>Inside</p>
        </Dialog>
      </div>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Ported' });
    expect(container).not.toContainElement(dialog);
    expect(dialog).toHaveClass('uk-dialog__panel', 'app-panel');
    expect(dialog).toHaveAttribute('lang', 'zh-Hans');
    expect(dialog.closest('.uk-dialog')).toHaveClass('app-root');
    expect(screen.getByText('Inside').parentElement).toHaveClass('app-body');
  });

  it('shows the grip on sheets unless told not to, and focuses the panel when it has no control', () => {
    const { rerender } = render(
      <Dialog
        closeLabel="Close"
        open
        variant="sheet"
        hideClose
        title="Sheet"
        onClose={() => undefined}
      >
        <p>Text only</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Sheet' });
    expect(dialog.querySelector('.uk-dialog__grip')).not.toBeNull();
    expect(dialog).toHaveFocus();
    rerender(
      <Dialog
        closeLabel="Close"
        open
        variant="sheet"
        hideClose
        grip={false}
        title="Sheet"
        onClose={() => undefined}
      >
        <p>Text only</p>
      </Dialog>,
    );
    expect(screen.getByRole('dialog').querySelector('.uk-dialog__grip')).toBeNull();
  });
});
