import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from 'ui-kit';
import { createAddress } from './address';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the page address a remote keeps its place in', () => {
  it('pushes and replaces the query, keeping the path and the hash', () => {
    window.history.replaceState(null, '', '/s/demo-public#top');
    const address = createAddress();
    const before = window.history.length;
    address.push('folder=7');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/s/demo-public?folder=7#top',
    );
    expect(window.history.length).toBe(before + 1);
    address.replace('folder=7&sort=size');
    expect(address.query()).toBe('folder=7&sort=size');
    expect(window.history.length).toBe(before + 1);
    address.replace('');
    expect(window.location.search).toBe('');
  });

  it('tells its listener the query Back returns to', async () => {
    window.history.replaceState(null, '', '/s/demo-public?folder=3');
    const address = createAddress();
    address.push('folder=9');
    const heard: string[] = [];
    const stop = address.onPop((query) => heard.push(query));
    await new Promise((resolve) => {
      window.addEventListener('popstate', resolve, { once: true });
      window.history.back();
    });
    stop();
    expect(heard).toEqual(['folder=3']);
  });

  it('does not tell its listener the Back over a closed dialog, nor lose a sort chosen meanwhile', async () => {
    window.history.replaceState(null, '', '/s/demo-public');
    const address = createAddress();
    const heard: string[] = [];
    const stop = address.onPop((query) => heard.push(query));
    function Details() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog closeLabel="Close" open={open} title="Details" onClose={() => setOpen(false)}>
          <p>mountains.jpg</p>
        </Dialog>
      );
    }
    render(<Details />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const backArrived = new Promise((resolve) => {
      window.addEventListener('popstate', resolve, { once: true });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    // The dialog's Back is on its way: a sort chosen now is written once it has arrived.
    address.replace('sort=size');
    await act(() => backArrived);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    stop();
    expect(heard).toEqual([]);
    expect(window.location.search).toBe('?sort=size');
  });
});
