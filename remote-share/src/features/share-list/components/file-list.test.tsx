import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SharedItemState } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/testing';
import { item, stubWindowScroll } from '../../../testing/fixtures';
import { HostProvider } from '../../../lib/host-context';
import { renderWithHost } from '../../../testing/render';
import { FileList } from './file-list';
import { checkLongPress } from '../../../testing/pointer';

beforeAll(stubWindowScroll);

const rows = (count: number): SharedItemState[] =>
  Array.from({ length: count }, (_, index) => ({
    ...item({ id: index + 1, name: `photo-${index + 1}.jpg`, media_type: 1 }),
    check: true,
  }));

/** A long list is virtualized once the virtualizer's chunk has loaded (it is busy until then). */
/** The list of `items`, every handler a mock. */
const listOf = (items: readonly SharedItemState[]) => (
  <FileList
    items={items}
    loading={false}
    onOpen={jest.fn()}
    onDetails={jest.fn()}
    onToggle={jest.fn()}
  />
);

const untilVirtualized = () =>
  waitFor(() => expect(screen.getByRole('list')).not.toHaveAttribute('aria-busy'));

describe('FileList', () => {
  it('renders only the rows on screen for 10,000 files', async () => {
    const { host } = createFakeHost();
    const { container } = renderWithHost(host, listOf(rows(10_000)));
    expect(screen.getByRole('button', { name: 'photo-1.jpg' })).toBeInTheDocument();
    await untilVirtualized();
    expect(screen.getByRole('button', { name: 'photo-1.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'photo-10000.jpg' })).not.toBeInTheDocument();
    // jsdom's window is 768 px tall: 12 rows of 68 px on screen, and 3 more below.
    expect(screen.getAllByRole('listitem').length).toBeLessThan(20);
    expect(container.querySelectorAll('*').length).toBeLessThan(2000);
  });

  it('renders every row of a short list, and only those on screen of a longer one', async () => {
    const { host } = createFakeHost();
    const { unmount } = renderWithHost(host, listOf(rows(30)));
    expect(screen.getAllByRole('listitem')).toHaveLength(30);
    expect(screen.getByRole('list')).not.toHaveAttribute('aria-busy');
    unmount();

    renderWithHost(host, listOf(rows(31)));
    await untilVirtualized();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(20);
  });

  it("opens, toggles and shows a row's details", async () => {
    const { host } = createFakeHost();
    const onOpen = jest.fn();
    const onDetails = jest.fn();
    const onToggle = jest.fn();
    const items = rows(2);
    renderWithHost(
      host,
      <FileList
        items={items}
        loading={false}
        onOpen={onOpen}
        onDetails={onDetails}
        onToggle={onToggle}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'photo-2.jpg' }));
    expect(onOpen).toHaveBeenCalledWith(items[1]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select photo-1.jpg' }));
    expect(onToggle).toHaveBeenCalledWith(1, false);
    await userEvent.click(screen.getByRole('button', { name: 'Details of photo-1.jpg' }));
    expect(onDetails).toHaveBeenCalledWith(items[0]);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it("toggles a row on a finger's long press, without opening it; a short tap or a scroll opens or does nothing", () => {
    jest.useFakeTimers();
    try {
      const { host } = createFakeHost();
      const onOpen = jest.fn();
      const onToggle = jest.fn();
      renderWithHost(
        host,
        <FileList
          items={rows(2)}
          loading={false}
          onOpen={onOpen}
          onDetails={jest.fn()}
          onToggle={onToggle}
        />,
      );
      checkLongPress(screen.getByRole('button', { name: 'photo-2.jpg' }), 2, { onOpen, onToggle });
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows Unknown for a missing size, the duration badge and hides a broken thumbnail', () => {
    const { host } = createFakeHost();
    const items: SharedItemState[] = [
      { ...item({ id: 1, name: 'a.bin', total_size: -1 }), check: false },
      { ...item({ id: 2, name: 'b.mp3', media_type: 3, duration: 0 }), check: true },
      {
        ...item({
          id: 3,
          name: 'c.jpg',
          media_type: 1,
          thumb_url: 'https://cdn.example.com/c.jpg',
        }),
        check: true,
      },
    ];
    const { container } = renderWithHost(host, listOf(items));
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    expect(screen.getByText('--:--:--')).toBeInTheDocument();
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', 'https://cdn.example.com/c.jpg');
    act(() => {
      img?.dispatchEvent(new Event('error'));
    });
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select a.bin' })).not.toBeChecked();
  });

  it('shows the thumbnails of rows that appear during a fling once the list stops', async () => {
    const { host } = createFakeHost();
    const items = rows(10_000).map((row) => ({
      ...row,
      thumb_url: `https://cdn.example.com/${row.name}`,
    }));
    renderWithHost(host, listOf(items));
    const thumbnailOf = (name: string) =>
      screen.getByRole('button', { name }).closest('[role="listitem"]')?.querySelector('img');
    expect(thumbnailOf('photo-1.jpg')).toHaveAttribute(
      'src',
      'https://cdn.example.com/photo-1.jpg',
    );
    await untilVirtualized();

    // The list follows the window's scroll from the frame after it mounts.
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 68 * 5000, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(thumbnailOf('photo-5001.jpg')).toBeNull();
    await waitFor(() =>
      expect(thumbnailOf('photo-5001.jpg')).toHaveAttribute(
        'src',
        'https://cdn.example.com/photo-5001.jpg',
      ),
    );
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
  });

  it('tells a screen reader what each row is, its details and its place in the list', () => {
    const { host } = createFakeHost();
    const items: SharedItemState[] = [
      { ...item({ id: 1, name: 'Photos', is_folder: 1, update_time: 0 }), check: true },
      {
        ...item({ id: 2, name: 'song.mp3', media_type: 3, duration: 70, total_size: 2048 }),
        check: true,
      },
    ];
    renderWithHost(host, listOf(items));
    expect(screen.getByRole('button', { name: 'Photos' })).toHaveAccessibleDescription(/^Folder,/);
    expect(screen.getByRole('button', { name: 'song.mp3' })).toHaveAccessibleDescription(
      /^Audio, 00:01:10, .*2 KB$/,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveAttribute('aria-posinset', '1');
    expect(second).toHaveAttribute('aria-posinset', '2');
    expect(second).toHaveAttribute('aria-setsize', '2');
  });

  it('keeps the focused row while the page scrolls far away from it', async () => {
    const { host } = createFakeHost();
    renderWithHost(host, listOf(rows(10_000)));
    await untilVirtualized();
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    screen.getByRole('button', { name: 'photo-2.jpg' }).focus();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 68 * 5000, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'photo-5001.jpg' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'photo-2.jpg' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'photo-1.jpg' })).not.toBeInTheDocument();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
  });

  it('keeps the rows in view, and the focus, when more of the folder arrives', async () => {
    const { host } = createFakeHost();
    const firstPage = rows(1000);
    const { rerender } = renderWithHost(host, listOf(firstPage));
    await untilVirtualized();
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 68 * 500, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    const focused = await screen.findByRole('button', { name: 'photo-501.jpg' });
    focused.focus();
    rerender(<HostProvider host={host}>{listOf(rows(2000))}</HostProvider>);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    // The same element: it was never taken out while the new items came in.
    expect(screen.getByRole('button', { name: 'photo-501.jpg' })).toBe(focused);
    expect(focused).toHaveFocus();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
  });

  it('shows the empty text', () => {
    const { host } = createFakeHost();
    renderWithHost(host, listOf([]));
    expect(screen.getByText('No files')).toBeInTheDocument();
  });

  it('keeps the list, busy, while a folder loads, and says it is loading', () => {
    const { host } = createFakeHost();
    const { rerender } = renderWithHost(host, listOf(rows(3)));
    const list = screen.getByRole('list', { name: 'Shared files' });
    rerender(
      <HostProvider host={host}>
        <FileList
          items={[]}
          loading
          onOpen={jest.fn()}
          onDetails={jest.fn()}
          onToggle={jest.fn()}
        />
      </HostProvider>,
    );
    // The same element a screen reader was in, not a new one.
    expect(screen.getByRole('list', { name: 'Shared files' })).toBe(list);
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(within(list).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'photo-1.jpg' })).not.toBeInTheDocument();
  });

  it('keeps a long name whole in the open button: its name and its tooltip', () => {
    const { host } = createFakeHost();
    const name = 'Summer holidays in the mountains with the whole family, day three, evening.jpg';
    renderWithHost(
      host,
      <FileList
        items={[{ ...item({ id: 1, name, media_type: 1 }), check: false }]}
        loading={false}
        onOpen={jest.fn()}
        onDetails={jest.fn()}
        onToggle={jest.fn()}
      />,
    );
    const open = screen.getByRole('button', { name });
    expect(open).toHaveAttribute('title', name);
  });
});
