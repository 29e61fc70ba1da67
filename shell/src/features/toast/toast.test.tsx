import { act, render, screen } from '@testing-library/react';
import { createToastService } from './toast-service';
import { ToastView } from './toast-view';

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  function setup() {
    const toast = createToastService();
    render(<ToastView state={toast.state} />);
    return toast.service;
  }

  it('shows a message in a live region for 2000 ms by default', async () => {
    const toast = setup();
    await act(async () => {
      toast.show('Submission successful');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Submission successful');
    await act(async () => {
      jest.advanceTimersByTime(1999);
    });
    expect(screen.getByText('Submission successful')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Submission successful')).not.toBeInTheDocument();
  });

  it('keeps a toast with delay 0 until it is hidden', async () => {
    const toast = setup();
    await act(async () => {
      toast.show('Stays', 0);
    });
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('Stays')).toBeInTheDocument();
    await act(async () => {
      toast.hide();
    });
    expect(screen.queryByText('Stays')).not.toBeInTheDocument();
  });

  it('shows one toast at a time: a new one replaces the old one and its timer', async () => {
    const toast = setup();
    await act(async () => {
      toast.show('First', 1000);
    });
    await act(async () => {
      jest.advanceTimersByTime(900);
    });
    await act(async () => {
      toast.show('Second', 1000);
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(500);
    });
    expect(screen.getByText('Second')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(500);
    });
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('shows a loading toast that stays until hidden', async () => {
    const toast = setup();
    await act(async () => {
      toast.loading('Saving, please wait');
    });
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Saving, please wait');
    expect(screen.getByText('Saving, please wait').parentElement).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await act(async () => {
      toast.hide();
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
