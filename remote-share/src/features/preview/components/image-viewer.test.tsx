import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteLanguage } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/testing';
import { item } from '../../../testing/fixtures';
import { renderWithHost } from '../../../testing/render';
import { ImageViewer } from './image-viewer';

const photo = item({
  id: 21,
  name: 'beach.jpg',
  media_type: 1,
  download_url: 'https://cdn.example.com/beach.jpg',
});

// jsdom lays nothing out and has no PointerEvent: the stage's size, the image's natural size
// and the pointer events are given here.
class TestPointerEvent extends MouseEvent {
  pointerId: number;
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
const globals = window as unknown as { PointerEvent?: unknown };
const hadPointerEvent = 'PointerEvent' in window;
beforeAll(() => {
  if (!hadPointerEvent) globals.PointerEvent = TestPointerEvent;
});
afterAll(() => {
  if (!hadPointerEvent) delete globals.PointerEvent;
});

let stage = { width: 1366, height: 800 };
let natural = { width: 320, height: 240 };
beforeEach(() => {
  stage = { width: 1366, height: 800 };
  natural = { width: 320, height: 240 };
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => stage.width);
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => stage.height);
  jest
    .spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get')
    .mockImplementation(() => natural.width);
  jest
    .spyOn(HTMLImageElement.prototype, 'naturalHeight', 'get')
    .mockImplementation(() => natural.height);
  // The stage sits at the top left: its centre is (width / 2, height / 2) on screen.
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () =>
      ({
        left: 0,
        top: 0,
        width: stage.width,
        height: stage.height,
        right: stage.width,
        bottom: stage.height,
        x: 0,
        y: 0,
      }) as DOMRect,
  );
});
afterEach(() => jest.restoreAllMocks());

function showLoaded(
  onSwipe?: (direction: 'next' | 'previous') => void,
  language: SiteLanguage = 'en',
) {
  const fake = createFakeHost({ language });
  // Inside a dialog, as in the preview: its keys are the preview's.
  renderWithHost(
    fake.host,
    <div role="dialog" aria-label="Preview">
      <ImageViewer item={photo} onSwipe={onSwipe} />
    </div>,
  );
  const image = screen.getByRole('img', { name: 'beach.jpg' });
  fireEvent.load(image);
  return { ...fake, image };
}

describe('the image viewer', () => {
  it('shows the image inline and reports success once it loads', () => {
    const { host, record } = createFakeHost();
    renderWithHost(host, <ImageViewer item={photo} />);
    const image = screen.getByRole('img', { name: 'beach.jpg' });
    expect(image).toHaveAttribute('src', 'https://cdn.example.com/beach.jpg');
    expect(image).toHaveClass('ns-preview-image__img');
    fireEvent.load(image);
    expect(record.events).toEqual([
      { name: 'share_preview_success', content: { file_id: 21, media_type: 1 } },
    ]);
  });

  it('shows the fallback image and reports an image error when loading fails', () => {
    const { host, record } = createFakeHost();
    renderWithHost(host, <ImageViewer item={photo} />);
    fireEvent.error(screen.getByRole('img', { name: 'beach.jpg' }));
    expect(screen.queryByRole('img', { name: 'beach.jpg' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The image could not be loaded' })).toBeInTheDocument();
    expect(record.events).toEqual([
      {
        name: 'share_preview_fail',
        content: { file_id: 21, media_type: 1, error_message: 'image error' },
      },
    ]);
    expect(record.toasts).toEqual([]);
  });

  it('never puts a non-http(s) URL into src: the fallback shows instead', () => {
    const { host, record } = createFakeHost();
    renderWithHost(host, <ImageViewer item={{ ...photo, download_url: 'javascript:alert(1)' }} />);
    expect(screen.queryByRole('img', { name: 'beach.jpg' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The image could not be loaded' })).toBeInTheDocument();
    expect(record.events.map((event) => event.content?.error_message)).toEqual(['image error']);
  });
});

describe('the image at 1x', () => {
  it('keeps a small image at its natural size on a wide screen (never blown up)', () => {
    const { image } = showLoaded();
    expect(image).toHaveStyle({ width: '320px', height: '240px' });
    expect(image.style.transform).toBe('');
    expect(screen.getByText('100%')).toBeInTheDocument();
  });

  it('shrinks a large image to the space, keeping its ratio', () => {
    stage = { width: 412, height: 700 };
    natural = { width: 4000, height: 3000 };
    const { image } = showLoaded();
    expect(image).toHaveStyle({ width: '412px', height: '309px' });
  });
});

describe('zooming', () => {
  it('toggles 2x and back with a double click', async () => {
    const { image } = showLoaded();
    await userEvent.dblClick(image);
    expect(image).toHaveAttribute('data-zoom', '2.00');
    expect(image.style.transform).toContain('scale(2)');
    expect(screen.getByText('200%')).toBeInTheDocument();
    await userEvent.dblClick(image);
    expect(image).toHaveAttribute('data-zoom', '1.00');
    expect(screen.getByText('100%')).toBeInTheDocument();
  });

  it('zooms around the double-clicked point', () => {
    // A phone-sized stage: at 2x the 320 x 240 image is larger than it, so it may move.
    stage = { width: 400, height: 300 };
    const { image } = showLoaded();
    // 100 px right of and 50 px below the centre (200, 150) of the stage.
    fireEvent.doubleClick(image, { clientX: 300, clientY: 200 });
    // That point of the image stays under the pointer: at 2x it moved by -100, -50.
    expect(image.style.transform).toBe('translate(-100px, -50px) scale(2)');
  });

  it('zooms in with the wheel over the image and out again, between 1x and 4x', () => {
    const { image } = showLoaded();
    fireEvent.wheel(image, { deltaY: -100, clientX: 683, clientY: 400 });
    const zoomed = Number(image.getAttribute('data-zoom'));
    expect(zoomed).toBeGreaterThan(1.2);
    for (let turn = 0; turn < 20; turn += 1) fireEvent.wheel(image, { deltaY: -100 });
    expect(image).toHaveAttribute('data-zoom', '4.00');
    for (let turn = 0; turn < 20; turn += 1) fireEvent.wheel(image, { deltaY: 100 });
    expect(image).toHaveAttribute('data-zoom', '1.00');
  });

  it('zooms with ctrl+wheel (a trackpad pinch) beside the image, and not with a plain wheel', () => {
    const { image } = showLoaded();
    const stageElement = image.parentElement as HTMLElement;
    fireEvent.wheel(stageElement, { deltaY: -100 });
    expect(image).toHaveAttribute('data-zoom', '1.00');
    const event = new WheelEvent('wheel', { deltaY: -100, ctrlKey: true, cancelable: true });
    act(() => {
      stageElement.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(Number(image.getAttribute('data-zoom'))).toBeGreaterThan(1);
  });

  it('has zoom in and zoom out buttons', async () => {
    const { image } = showLoaded();
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(image).toHaveAttribute('data-zoom', '1.50');
    expect(zoomOut).not.toHaveAttribute('aria-disabled');
    await userEvent.click(zoomOut);
    expect(image).toHaveAttribute('data-zoom', '1.00');
  });

  it('moves a zoomed image with a drag, within its edges', () => {
    const { image } = showLoaded();
    stage = { width: 400, height: 300 };
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    fireEvent.doubleClick(image, { clientX: 200, clientY: 150 });
    expect(image.style.transform).toBe('translate(0px, 0px) scale(2)');
    const stageElement = image.parentElement as HTMLElement;
    fireEvent.pointerDown(stageElement, { pointerId: 1, clientX: 200, clientY: 150, button: 0 });
    fireEvent.pointerMove(stageElement, { pointerId: 1, clientX: 250, clientY: 600 });
    fireEvent.pointerUp(stageElement, { pointerId: 1, clientX: 250, clientY: 600 });
    // 640 x 480 over 400 x 300: 120 px of room sideways, 90 up and down.
    expect(image.style.transform).toBe('translate(50px, 90px) scale(2)');
  });

  it('pinches with two fingers', () => {
    const { image } = showLoaded();
    const stageElement = image.parentElement as HTMLElement;
    const touch = (id: number, x: number) => ({
      pointerId: id,
      pointerType: 'touch',
      clientX: x,
      clientY: 400,
    });
    fireEvent.pointerDown(stageElement, touch(1, 633));
    fireEvent.pointerDown(stageElement, touch(2, 733));
    fireEvent.pointerMove(stageElement, touch(2, 833));
    fireEvent.pointerMove(stageElement, touch(1, 533));
    expect(image).toHaveAttribute('data-zoom', '3.00');
    fireEvent.pointerUp(stageElement, touch(1, 533));
    fireEvent.pointerUp(stageElement, touch(2, 833));
    expect(image).toHaveAttribute('data-zoom', '3.00');
  });
});

describe('zoomed, without dragging (WCAG 2.1.1, 2.5.7)', () => {
  /** A 320 x 240 image on a 400 x 300 stage, double clicked in its middle: 2x. */
  function zoomedTwice() {
    const shown = showLoaded();
    stage = { width: 400, height: 300 };
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    fireEvent.doubleClick(shown.image, { clientX: 200, clientY: 150 });
    expect(shown.image.style.transform).toBe('translate(0px, 0px) scale(2)');
    return shown;
  }

  it('pans with the arrow keys, up to each edge', async () => {
    const { image } = zoomedTwice();
    await userEvent.keyboard('{ArrowLeft}');
    expect(image.style.transform).toBe('translate(60px, 0px) scale(2)');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    // 640 x 480 over 400 x 300: 120 px of room sideways, 90 up and down.
    expect(image.style.transform).toBe('translate(60px, 90px) scale(2)');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(image.style.transform).toBe('translate(-120px, 90px) scale(2)');
    expect(image).toHaveAttribute('data-zoom', '2.00');
  });

  it('has pan buttons while zoomed, each unavailable at its edge', async () => {
    const { image } = showLoaded();
    expect(screen.queryByRole('button', { name: 'Pan left' })).not.toBeInTheDocument();
    stage = { width: 400, height: 300 };
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    fireEvent.doubleClick(image, { clientX: 200, clientY: 150 });
    const panning = screen.getByRole('group', { name: 'Pan the image' });
    expect(panning).toBeInTheDocument();
    const panLeft = screen.getByRole('button', { name: 'Pan left' });
    await userEvent.click(panLeft);
    await userEvent.click(panLeft);
    expect(image.style.transform).toBe('translate(120px, 0px) scale(2)');
    expect(panLeft).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(panLeft);
    expect(image.style.transform).toBe('translate(120px, 0px) scale(2)');
    await userEvent.click(screen.getByRole('button', { name: 'Pan down' }));
    expect(image.style.transform).toBe('translate(120px, -60px) scale(2)');
    expect(screen.getByRole('button', { name: 'Pan right' })).not.toHaveAttribute('aria-disabled');
  });

  it('keeps the focus in the controls when the zoom ends under a pan button', async () => {
    zoomedTwice();
    screen.getByRole('button', { name: 'Pan up' }).focus();
    await userEvent.keyboard('0');
    expect(screen.queryByRole('button', { name: 'Pan up' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toHaveFocus();
  });

  it("zooms in about a double-clicked point, which stays on screen after 'Zoom in'", async () => {
    const { image } = showLoaded();
    stage = { width: 400, height: 300 };
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    // Near the image's bottom right corner (it spans 40-360 by 30-270 on the stage).
    fireEvent.doubleClick(image, { clientX: 350, clientY: 250 });
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(image).toHaveAttribute('data-zoom', '4.00');
    // The clicked point, 150 px right of and 100 px below the image's middle at 1x, on screen.
    const [, x, y] = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(image.style.transform) ?? [];
    const shownX = 200 + Number(x) + 150 * 4;
    const shownY = 150 + Number(y) + 100 * 4;
    expect(shownX).toBeGreaterThanOrEqual(0);
    expect(shownX).toBeLessThanOrEqual(400);
    expect(shownY).toBeGreaterThanOrEqual(0);
    expect(shownY).toBeLessThanOrEqual(300);
  });
});

describe('swiping', () => {
  it('asks for the next image on a swipe left and the previous on a swipe right', () => {
    const onSwipe = jest.fn();
    const { image } = showLoaded(onSwipe);
    const stageElement = image.parentElement as HTMLElement;
    const touch = (x: number, y = 400) => ({
      pointerId: 5,
      pointerType: 'touch',
      clientX: x,
      clientY: y,
    });
    fireEvent.pointerDown(stageElement, touch(700));
    fireEvent.pointerMove(stageElement, touch(600));
    fireEvent.pointerUp(stageElement, touch(600));
    expect(onSwipe).toHaveBeenLastCalledWith('next');
    fireEvent.pointerDown(stageElement, touch(600));
    fireEvent.pointerUp(stageElement, touch(700));
    expect(onSwipe).toHaveBeenLastCalledWith('previous');
    // Mostly vertical: the browser's, not a swipe.
    fireEvent.pointerDown(stageElement, touch(600, 100));
    fireEvent.pointerUp(stageElement, touch(680, 400));
    // A cancelled pointer (the browser took it) is not a swipe either.
    fireEvent.pointerDown(stageElement, touch(700));
    fireEvent.pointerCancel(stageElement, touch(500));
    expect(onSwipe).toHaveBeenCalledTimes(2);
  });

  it('asks for the next image on a swipe right in a right-to-left page', () => {
    const onSwipe = jest.fn();
    const stageElement = showLoaded(onSwipe, 'he').image.parentElement as HTMLElement;
    const touch = (x: number) => ({ pointerId: 5, pointerType: 'touch', clientX: x, clientY: 400 });
    fireEvent.pointerDown(stageElement, touch(600));
    fireEvent.pointerUp(stageElement, touch(700));
    expect(onSwipe).toHaveBeenLastCalledWith('next');
    fireEvent.pointerDown(stageElement, touch(700));
    fireEvent.pointerUp(stageElement, touch(600));
    expect(onSwipe).toHaveBeenLastCalledWith('previous');
  });

  it('does not swipe a zoomed image: the finger moves it', () => {
    const onSwipe = jest.fn();
    const { image } = showLoaded(onSwipe);
    fireEvent.doubleClick(image, { clientX: 683, clientY: 400 });
    const stageElement = image.parentElement as HTMLElement;
    const touch = (x: number) => ({ pointerId: 5, pointerType: 'touch', clientX: x, clientY: 400 });
    fireEvent.pointerDown(stageElement, touch(700));
    fireEvent.pointerMove(stageElement, touch(600));
    fireEvent.pointerUp(stageElement, touch(600));
    expect(onSwipe).not.toHaveBeenCalled();
  });

  it('toggles the zoom with a double tap', () => {
    const { image } = showLoaded();
    const stageElement = image.parentElement as HTMLElement;
    const tap = () => {
      const at = { pointerId: 7, pointerType: 'touch', clientX: 683, clientY: 400 };
      fireEvent.pointerDown(stageElement, at);
      fireEvent.pointerUp(stageElement, at);
    };
    tap();
    expect(image).toHaveAttribute('data-zoom', '1.00');
    tap();
    expect(image).toHaveAttribute('data-zoom', '2.00');
    // The dblclick a browser may add to the taps does not undo it.
    fireEvent.doubleClick(image, { clientX: 683, clientY: 400 });
    expect(image).toHaveAttribute('data-zoom', '2.00');
  });
});
