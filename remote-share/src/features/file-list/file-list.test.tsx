import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SharedItemState } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/src/testing/fake-host';
import { item, stubWindowScroll } from '../../testing/fixtures';
import { renderWithHost } from '../../testing/render';
import { FileList } from './file-list';

beforeAll(stubWindowScroll);

const rows = (count: number): SharedItemState[] =>
  Array.from({ length: count }, (_, index) => ({
    ...item({ id: index + 1, name: `photo-${index + 1}.jpg`, media_type: 1 }),
    check: true,
  }));

describe('FileList', () => {
  it('renders only the rows on screen for 10,000 files', () => {
    const { host } = createFakeHost();
    const { container } = renderWithHost(
      host,
      <FileList items={rows(10_000)} loading={false} onOpen={jest.fn()} onToggle={jest.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'photo-1.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'photo-10000.jpg' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(60);
    expect(container.querySelectorAll('*').length).toBeLessThan(2000);
  });

  it('opens and toggles a row', async () => {
    const { host } = createFakeHost();
    const onOpen = jest.fn();
    const onToggle = jest.fn();
    const items = rows(2);
    renderWithHost(
      host,
      <FileList items={items} loading={false} onOpen={onOpen} onToggle={onToggle} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'photo-2.jpg' }));
    expect(onOpen).toHaveBeenCalledWith(items[1]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select photo-1.jpg' }));
    expect(onToggle).toHaveBeenCalledWith(1);
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
    const { container } = renderWithHost(
      host,
      <FileList items={items} loading={false} onOpen={jest.fn()} onToggle={jest.fn()} />,
    );
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

  it('shows the empty text', () => {
    const { host } = createFakeHost();
    renderWithHost(
      host,
      <FileList items={[]} loading={false} onOpen={jest.fn()} onToggle={jest.fn()} />,
    );
    expect(screen.getByText('No files')).toBeInTheDocument();
  });

  it('shows the spinner while loading', () => {
    const { host } = createFakeHost();
    renderWithHost(
      host,
      <FileList items={rows(3)} loading onOpen={jest.fn()} onToggle={jest.fn()} />,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'photo-1.jpg' })).not.toBeInTheDocument();
  });
});
