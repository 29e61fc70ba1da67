import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { SharedItem } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/testing';
import { item } from '../../../testing/fixtures';
import { stubMediaElements, type MediaStubs } from '../../../testing/media';
import { renderWithHost } from '../../../testing/render';
import { PreviewScreen } from './preview-screen';

jest.mock('../player/media-engine', () => ({
  createPlayer: jest.fn(async () => ({ destroy: () => undefined })),
}));

const photo = item({
  id: 41,
  name: 'sunset.jpg',
  media_type: 1,
  download_url: 'https://cdn.example.com/sunset.jpg',
});
const video = item({
  id: 42,
  name: 'trip.mp4',
  media_type: 2,
  download_url: 'https://cdn.example.com/trip.mp4',
});

/** A row that opens the preview, as the file list does. */
function Harness({ file }: { file: SharedItem }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {file.name}
      </button>
      {open ? (
        <PreviewScreen
          item={file}
          onClose={() => setOpen(false)}
          onSave={() => undefined}
          canSave
        />
      ) : null}
    </>
  );
}

let stubs: MediaStubs;
beforeEach(() => {
  stubs = stubMediaElements();
});
afterEach(async () => {
  stubs.restore();
  // A closed preview goes back over its history entry at the end of the task.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
});

async function openPreview(file: SharedItem = photo) {
  const fake = createFakeHost();
  renderWithHost(fake.host, <Harness file={file} />);
  const row = screen.getByRole('button', { name: file.name });
  await userEvent.click(row);
  return { ...fake, row, dialog: screen.getByRole('dialog', { name: `Preview of ${file.name}` }) };
}

describe('the preview screen', () => {
  it('shows a back bar with the file name and a close button, and takes the focus', async () => {
    const { dialog } = await openPreview();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { name: 'sunset.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close preview' })).toHaveFocus();
    expect(screen.getByRole('img', { name: 'sunset.jpg' })).toBeInTheDocument();
  });

  it('titles the page with the file name while open, and gives the title back on close', async () => {
    const { record, row } = await openPreview();
    expect(record.titles).toEqual(['sunset.jpg']);
    await userEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(record.titles).toEqual(['sunset.jpg', null]);
    expect(row).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const { row } = await openPreview();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(row).toHaveFocus();
  });

  it('pushes a history entry, so browser Back closes it', async () => {
    const push = jest.spyOn(window.history, 'pushState');
    await openPreview();
    expect(push).toHaveBeenCalledTimes(1);
    push.mockRestore();
    act(() => {
      window.history.back();
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('goes back over its history entry when closed with the button', async () => {
    await openPreview();
    const back = jest.spyOn(window.history, 'back');
    await userEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1));
    back.mockRestore();
  });

  it('stays open when reopened before the browser has gone back over the last one', async () => {
    const { row } = await openPreview();
    // A busy phone: the traversal Back asked for happens after the next tap. As in Chromium, it
    // lands on the entry before the one Back was asked from, even if one was pushed since.
    const push = jest.spyOn(window.history, 'pushState');
    let traverse: () => void = () => undefined;
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => {
      const pushedBefore = push.mock.calls.length;
      traverse = () => window.history.go(-1 - (push.mock.calls.length - pushedBefore));
    });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1));
    back.mockRestore();
    await userEvent.click(row);
    act(() => traverse());
    push.mockRestore();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('dialog', { name: 'Preview of sunset.jpg' })).toBeInTheDocument();
    // It has its own entry: Back closes it.
    act(() => {
      window.history.back();
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps Tab inside the preview', async () => {
    await openPreview();
    const close = screen.getByRole('button', { name: 'Close preview' });
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('shows the video player for a video', async () => {
    await openPreview(video);
    expect(screen.getByRole('dialog', { name: 'Preview of trip.mp4' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('trip.mp4')).toBeInstanceOf(HTMLVideoElement));
  });
});
