import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from '../dialog/dialog';

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

async function goBack() {
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  });
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
