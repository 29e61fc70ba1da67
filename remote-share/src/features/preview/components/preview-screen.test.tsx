import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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
function Harness({ file, items }: { file: SharedItem; items?: readonly SharedItem[] }) {
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
          items={items}
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

/** jsdom lays nothing out: the stage's size is given, and a 320 x 240 image. */
function layOut(stage: { width: number; height: number }) {
  return [
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(stage.width),
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(stage.height),
    jest.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(320),
    jest.spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get').mockReturnValue(240),
  ];
}

async function openPreview(file: SharedItem = photo, items?: readonly SharedItem[]) {
  const fake = createFakeHost();
  renderWithHost(fake.host, <Harness file={file} items={items} />);
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
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Zoom out' })).toHaveFocus();
    await userEvent.tab();
    expect(zoomIn).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(zoomIn).toHaveFocus();
  });

  it('shows the video player for a video', async () => {
    await openPreview(video);
    expect(screen.getByRole('dialog', { name: 'Preview of trip.mp4' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('trip.mp4')).toBeInstanceOf(HTMLVideoElement));
  });
});

describe("stepping through the folder's images", () => {
  const folder = item({ id: 50, name: 'Summer', media_type: 0, is_folder: 1 });
  const first = item({
    id: 51,
    name: 'beach.jpg',
    media_type: 1,
    download_url: 'https://cdn.example.com/1.jpg',
  });
  const pdf = item({ id: 52, name: 'guide.pdf', media_type: 4 });
  const second = photo;
  const third = item({
    id: 53,
    name: 'spring.jpg',
    media_type: 1,
    download_url: 'https://cdn.example.com/3.jpg',
  });
  const items = [folder, first, pdf, video, second, third];

  it('shows the next and previous image with the buttons; heading, title and position follow', async () => {
    const { record } = await openPreview(second, items);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(screen.getByText('Image 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('heading', { name: 'spring.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Preview of spring.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'spring.jpg' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/3.jpg',
    );
    expect(screen.getByText('Image 3 of 3')).toBeInTheDocument();
    // The last image: Next stays where it is (and keeps the focus), marked unavailable.
    const nextButton = screen.getByRole('button', { name: 'Next image' });
    expect(nextButton).toHaveAttribute('aria-disabled', 'true');
    expect(nextButton).toHaveFocus();
    await userEvent.click(nextButton);
    expect(screen.getByRole('heading', { name: 'spring.jpg' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByRole('heading', { name: 'beach.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous image' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(record.titles).toEqual(['sunset.jpg', 'spring.jpg', 'sunset.jpg', 'beach.jpg']);
  });

  it('steps with ArrowRight and ArrowLeft, and each image starts unzoomed', async () => {
    const spies = layOut({ width: 1366, height: 800 });
    await openPreview(second, items);
    fireEvent.load(screen.getByRole('img', { name: 'sunset.jpg' }));
    await userEvent.keyboard('+');
    expect(screen.getByRole('img', { name: 'sunset.jpg' })).toHaveAttribute('data-zoom', '1.50');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('heading', { name: 'spring.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'spring.jpg' })).toHaveAttribute('data-zoom', '1.00');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('heading', { name: 'beach.jpg' })).toBeInTheDocument();
    // Escape still closes.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    spies.forEach((spy) => spy.mockRestore());
  });

  it('pans a zoomed image larger than the stage with the arrows instead of stepping', async () => {
    // At 2x the 320 x 240 image overflows a 400 x 300 stage both ways.
    const spies = layOut({ width: 400, height: 300 });
    await openPreview(second, items);
    const image = screen.getByRole('img', { name: 'sunset.jpg' });
    fireEvent.load(image);
    await userEvent.keyboard('++');
    expect(image).toHaveAttribute('data-zoom', '2.25');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('heading', { name: 'sunset.jpg' })).toBeInTheDocument();
    expect(image.style.transform).toBe('translate(-60px, 0px) scale(2.25)');
    // Back at 1x the arrows step again.
    await userEvent.keyboard('0{ArrowRight}');
    expect(screen.getByRole('heading', { name: 'spring.jpg' })).toBeInTheDocument();
    spies.forEach((spy) => spy.mockRestore());
  });

  it('steps with the arrows when a click left the focus on the page, not under a sheet', async () => {
    const { dialog } = await openPreview(second, items);
    act(() => (document.activeElement as HTMLElement).blur());
    expect(document.body).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('heading', { name: 'spring.jpg' })).toBeInTheDocument();
    // A sheet opened over the preview makes it inert: the arrows are the sheet's.
    dialog.setAttribute('inert', '');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('heading', { name: 'spring.jpg' })).toBeInTheDocument();
    dialog.removeAttribute('inert');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('heading', { name: 'sunset.jpg' })).toBeInTheDocument();
  });

  it('has no stepping for a lone image', async () => {
    await openPreview(second, [folder, second, pdf]);
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    expect(screen.queryByText('1 / 1')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  });

  it('does not step from a video', async () => {
    await openPreview(video, items);
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('heading', { name: 'trip.mp4' })).toBeInTheDocument();
  });
});
