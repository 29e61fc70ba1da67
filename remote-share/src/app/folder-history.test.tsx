import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost, type FakeHostOptions } from 'shared-contracts/testing';
import { item, ok, shareInfo, stubWindowScroll, fail } from '../testing/fixtures';
import ShareViewer from './share-viewer';

const photos = item({ id: 1, name: 'Photos', is_folder: 1, media_type: 0, total_size: 0 });
const year = item({ id: 5, name: '2025', is_folder: 1, media_type: 0, total_size: 0 });
const summer = item({ id: 6, name: 'Summer', is_folder: 1, media_type: 0, total_size: 0 });
const pdf = item({ id: 2, name: 'report.pdf', total_size: 512 });
const beach = item({ id: 7, name: 'beach.jpg', media_type: 1 });
const folders: Record<number, ReturnType<typeof item>[]> = {
  0: [photos, pdf],
  1: [year],
  5: [summer],
  6: [beach],
};
const parents: Record<number, { id: number; name: string }[]> = {
  1: [{ id: 1, name: 'Photos' }],
  5: [
    { id: 1, name: 'Photos' },
    { id: 5, name: '2025' },
  ],
  6: [
    { id: 1, name: 'Photos' },
    { id: 5, name: '2025' },
    { id: 6, name: 'Summer' },
  ],
};

function openShare(options: FakeHostOptions = {}) {
  const fake = createFakeHost({
    platform: 'android',
    api: {
      '/share/info': () => ok(shareInfo()),
      '/share/detail': (body) => ok({ file_list: folders[body.folder_id ?? 0] ?? [] }),
      '/share/folder_path': (body) => {
        const path = parents[body.folder_id];
        return path ? ok({ path }) : fail(4004, 'Folder not found');
      },
    },
    ...options,
  });
  render(<ShareViewer host={fake.host} view="share" shareCode="demo-public" />);
  return fake;
}

const crumbNames = () =>
  within(screen.getByRole('navigation', { name: 'Folder path' }))
    .getAllByRole('listitem')
    .map((crumb) => crumb.textContent);

beforeAll(stubWindowScroll);

describe('folders and the browser history', () => {
  it('gives each opened folder an address, and Back and Forward move between them', async () => {
    const { address } = openShare();
    await userEvent.click(await screen.findByRole('button', { name: 'Photos' }));
    await userEvent.click(await screen.findByRole('button', { name: '2025' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Summer' }));
    expect(await screen.findByRole('button', { name: 'beach.jpg' })).toBeInTheDocument();
    expect(address.entries).toEqual(['', 'folder=1', 'folder=5', 'folder=6']);

    act(() => address.back());
    expect(await screen.findByRole('button', { name: 'Summer' })).toBeInTheDocument();
    act(() => address.back());
    expect(await screen.findByRole('button', { name: '2025' })).toBeInTheDocument();
    act(() => address.back());
    expect(await screen.findByRole('button', { name: 'report.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Folder path' })).not.toBeInTheDocument();

    act(() => address.forward());
    expect(await screen.findByRole('button', { name: '2025' })).toBeInTheDocument();
    expect(crumbNames()).toEqual(['Nimbus Sharing', 'Photos']);
  });

  it('a crumb is a step of the history too', async () => {
    const { address } = openShare();
    await userEvent.click(await screen.findByRole('button', { name: 'Photos' }));
    await userEvent.click(await screen.findByRole('button', { name: '2025' }));
    await screen.findByRole('button', { name: 'Summer' });
    await userEvent.click(screen.getByRole('button', { name: 'Nimbus Sharing' }));
    expect(await screen.findByRole('button', { name: 'report.pdf' })).toBeInTheDocument();
    expect(address.entries).toEqual(['', 'folder=1', 'folder=5', '']);
  });

  it('opens the folder a link names, with its whole breadcrumb, and never the root first', async () => {
    const { record } = openShare({ query: 'folder=6' });
    expect(await screen.findByRole('button', { name: 'beach.jpg' })).toBeInTheDocument();
    expect(crumbNames()).toEqual(['Nimbus Sharing', 'Photos', '2025', 'Summer']);
    const listed = record.apiCalls
      .filter((call) => call.path === '/share/detail')
      .map((call) => (call.body as { folder_id?: number }).folder_id);
    expect(listed).toEqual([6]);
    // Its crumbs open the folders above it, never visited on this page.
    await userEvent.click(screen.getByRole('button', { name: '2025' }));
    expect(await screen.findByRole('button', { name: 'Summer' })).toBeInTheDocument();
  });

  it('shows the root of a link whose folder the share does not hold, and says so in the address', async () => {
    const { address } = openShare({ query: 'folder=99&sort=size' });
    expect(await screen.findByRole('button', { name: 'report.pdf' })).toBeInTheDocument();
    expect(address.current()).toBe('sort=size');
  });

  it('keeps the breadcrumb and shows placeholder rows while a folder loads, never "Total 0"', async () => {
    let answer: () => void = () => undefined;
    openShare({
      api: {
        '/share/info': () => ok(shareInfo()),
        '/share/detail': (body) =>
          body.folder_id === 1
            ? new Promise((resolve) => {
                answer = () => resolve(ok({ file_list: [year] }));
              })
            : ok({ file_list: folders[0] ?? [] }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Photos' }));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(crumbNames()).toEqual(['Nimbus Sharing', 'Photos']);
    expect(screen.queryByText(/Total 0/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select all' })).not.toBeInTheDocument();
    await act(async () => answer());
    expect(await screen.findByRole('button', { name: '2025' })).toBeInTheDocument();
    expect(screen.getByText('1 file(s) selected')).toBeInTheDocument();
  });

  it('keeps the sort and the filter in the address: a link opens with them, a change replaces them', async () => {
    const { record, address } = openShare({ query: 'sort=size' });
    expect(await screen.findByRole('button', { name: 'report.pdf' })).toBeInTheDocument();
    const detail = record.apiCalls.filter((call) => call.path === '/share/detail');
    expect(detail.map((call) => (call.body as { sort?: string }).sort)).toEqual(['size']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Largest first');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'rep{Enter}');
    await screen.findByRole('button', { name: 'report.pdf' });
    expect(address.entries).toEqual(['sort=size&q=rep']);

    // A folder keeps the sort and leaves the filter behind.
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Filter by name' }));
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Photos' }));
    await screen.findByRole('button', { name: '2025' });
    expect(address.current()).toBe('folder=1&sort=size');
  });
});
