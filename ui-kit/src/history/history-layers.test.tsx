import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from '../dialog/dialog';
import { afterPendingBack, useHistoryLayer } from './history-layers';

/** A page with a dialog that opens a second one, as the save picker opens 'Create folder'. */
function Page() {
  const [picker, setPicker] = useState(false);
  const [create, setCreate] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setPicker(true)}>
        Save to
      </button>
      <Dialog
        closeLabel="Close"
        open={picker}
        title="Choose a folder"
        onClose={() => setPicker(false)}
      >
        <button type="button" onClick={() => setCreate(true)}>
          Create folder
        </button>
      </Dialog>
      <Dialog
        closeLabel="Close"
        open={create}
        title="Create folder"
        onClose={() => setCreate(false)}
      >
        <input aria-label="Name" />
      </Dialog>
    </>
  );
}

const endOfTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function traverse(step: () => void) {
  await act(async () => {
    step();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  });
}
const goBack = () => traverse(() => window.history.back());
const goForward = () => traverse(() => window.history.forward());

/** A photo's full-screen view that can open again, as the share viewer's preview does. */
function Viewer({ onClose, onReopen }: { onClose(): void; onReopen(): void }) {
  useHistoryLayer(onClose, true, onReopen);
  return <section aria-label="beach.jpg">Photo</section>;
}

function Photos() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        beach.jpg
      </button>
      {open ? <Viewer onClose={() => setOpen(false)} onReopen={() => setOpen(true)} /> : null}
    </>
  );
}

afterEach(endOfTask);

describe('browser Back and the open dialogs', () => {
  it('closes the top dialog only, then the next, and never leaves the page first', async () => {
    const startLength = window.history.length;
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Save to' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(window.history.length).toBe(startLength + 2);

    await goBack();
    expect(screen.queryByRole('dialog', { name: 'Create folder' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Choose a folder' })).toBeInTheDocument();

    await goBack();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes back over the entry of a dialog closed with its button', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Save to' }));
    const entry: unknown = window.history.state;
    const back = jest.spyOn(window.history, 'back');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1));
    back.mockRestore();
    await waitFor(() => expect(window.history.state).not.toEqual(entry));
  });

  it('lets a dialog opened in the same task take over the closing one’s entry', async () => {
    function Replacing() {
      const [step, setStep] = useState<'none' | 'one' | 'two'>('none');
      return (
        <>
          <button type="button" onClick={() => setStep('one')}>
            Start
          </button>
          <Dialog
            closeLabel="Close"
            open={step === 'one'}
            title="One"
            onClose={() => setStep('none')}
          >
            <button type="button" onClick={() => setStep('two')}>
              Next
            </button>
          </Dialog>
          <Dialog
            closeLabel="Close"
            open={step === 'two'}
            title="Two"
            onClose={() => setStep('none')}
          >
            <p>Done</p>
          </Dialog>
        </>
      );
    }
    render(<Replacing />);
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    const lengthWithOne = window.history.length;
    const push = jest.spyOn(window.history, 'pushState');
    const back = jest.spyOn(window.history, 'back');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await endOfTask();
    expect(push).not.toHaveBeenCalled();
    expect(back).not.toHaveBeenCalled();
    expect(window.history.length).toBe(lengthWithOne);
    push.mockRestore();
    back.mockRestore();

    await goBack();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes the address after the Back of a dialog closed in the same task', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Save to' }));
    await endOfTask();
    const backArrived = new Promise((resolve) => {
      window.addEventListener('popstate', resolve, { once: true });
    });
    // The layers open at the entry the change is written on.
    const layersAtChange: number[] = [];
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    afterPendingBack(() => {
      const state: unknown = window.history.state;
      const layers = (state as { nsLayers?: unknown } | null)?.nsLayers;
      layersAtChange.push(Array.isArray(layers) ? layers.length : 0);
    });
    expect(layersAtChange).toEqual([]);
    await act(() => backArrived);
    await endOfTask();
    expect(layersAtChange).toEqual([0]);
  });

  it('leaves the history alone for a dialog that opts out', async () => {
    const push = jest.spyOn(window.history, 'pushState');
    render(
      <Dialog closeLabel="Close" open title="Busy" onClose={() => undefined} closeOnBack={false}>
        <p>Working</p>
      </Dialog>,
    );
    await endOfTask();
    expect(push).not.toHaveBeenCalled();
    push.mockRestore();
  });
});

describe('browser Forward after Back closed a layer', () => {
  it('opens again a layer that can reopen, on its own entry, and Back closes it again', async () => {
    render(<Photos />);
    await userEvent.click(screen.getByRole('button', { name: 'beach.jpg' }));
    await endOfTask();
    const length = window.history.length;
    await goBack();
    expect(screen.queryByRole('region', { name: 'beach.jpg' })).not.toBeInTheDocument();

    await goForward();
    expect(await screen.findByRole('region', { name: 'beach.jpg' })).toBeInTheDocument();
    await endOfTask();
    expect(window.history.length).toBe(length);

    await goBack();
    expect(screen.queryByRole('region', { name: 'beach.jpg' })).not.toBeInTheDocument();
  });

  it('steps back over the entry of a layer that cannot reopen', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Save to' }));
    await endOfTask();
    await goBack();
    const back = jest.spyOn(window.history, 'back');
    await goForward();
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1));
    back.mockRestore();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
