import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Platform, ShareDetailRequest, SharedItem } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/testing';
import { FILTER_DEBOUNCE_MS } from '../features/share-list/components/list-toolbar';
import { item, ok, shareInfo, stubWindowScroll } from '../testing/fixtures';
import ShareViewer from './share-viewer';

beforeAll(stubWindowScroll);
beforeEach(() => window.sessionStorage.clear());

const photos = item({ id: 1, name: 'Photos', is_folder: 1, media_type: 0, total_size: 0 });
const rootFiles = [
  item({ id: 2, name: 'beach.jpg', media_type: 1, total_size: 300 }),
  item({ id: 3, name: 'Beach party.mp4', media_type: 2, total_size: 9000 }),
  item({ id: 4, name: 'notes.pdf', total_size: 50 }),
];
const inPhotos = [item({ id: 5, name: 'sunset.jpg', media_type: 1, total_size: 10 })];

/** What the server does with a listing request, in miniature: filter, then sort, folders first. */
function listing(body: ShareDetailRequest) {
  const items: SharedItem[] = body.folder_id === photos.id ? inPhotos : [photos, ...rootFiles];
  const filter = body.name_filter?.toLowerCase();
  const found = filter ? items.filter((entry) => entry.name.toLowerCase().includes(filter)) : items;
  const sorted = [...found].sort((a, b) => {
    if (a.is_folder !== b.is_folder) return b.is_folder - a.is_folder;
    if (body.sort === 'size') {
      return body.order === 'asc' ? a.total_size - b.total_size : b.total_size - a.total_size;
    }
    return a.name.localeCompare(b.name);
  });
  return ok({ file_list: sorted, total: sorted.length });
}

/** The viewer on a phone (its sort menu), or on desktop (its table's sorting column headers). */
function setup(platform: Platform = 'android') {
  const fake = createFakeHost({
    platform,
    api: {
      '/share/info': () => ok(shareInfo()),
      '/share/detail': (body) => listing(body),
    },
  });
  render(<ShareViewer host={fake.host} view="share" shareCode="demo-public" />);
  return fake;
}

const rowNames = () =>
  [...screen.queryAllByRole('listitem'), ...screen.queryAllByRole('row')]
    .map((row) => row.querySelector('.ns-row__name')?.textContent)
    // The table's header row has no name.
    .filter((name) => name !== undefined);

describe('sorting and filtering the list', () => {
  it('filters by name through the server, counts the matches, and says when none match', async () => {
    const { record } = setup();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'beach.jpg' });
    const field = screen.getByRole('searchbox', { name: 'Filter by name' });

    await user.type(field, 'BEACH');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'notes.pdf' })).toBeNull());
    expect(rowNames()).toEqual(['Beach party.mp4', 'beach.jpg']);
    expect(screen.getByText('2 file(s) selected')).toBeInTheDocument();
    const filtered = record.apiCalls.filter((call) => call.path === '/share/detail');
    // One request for the typed word, not one per key.
    expect(filtered.map((call) => (call.body as ShareDetailRequest).name_filter)).toEqual([
      undefined,
      'BEACH',
    ]);

    await user.clear(field);
    await user.type(field, 'zzz');
    expect(await screen.findByText('No files match "zzz"')).toBeInTheDocument();
    expect(screen.getByText('Total 0 file(s)')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await screen.findByRole('button', { name: 'notes.pdf' });
    expect(screen.getByText('4 file(s) selected')).toBeInTheDocument();
  });

  it('sorts by size with folders first, and keeps the sort but not the filter in a folder', async () => {
    setup();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'beach.jpg' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Largest first');
    await waitFor(() =>
      expect(rowNames()).toEqual(['Photos', 'Beach party.mp4', 'beach.jpg', 'notes.pdf']),
    );

    // Another sort keeps what the visitor chose: nothing selected stays nothing selected.
    await user.click(screen.getByRole('button', { name: 'Deselect all' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Smallest first');
    await waitFor(() => expect(rowNames()[1]).toBe('notes.pdf'));
    expect(screen.getByText('Total 4 file(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select all' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'o');
    await act(() => new Promise((resolve) => setTimeout(resolve, FILTER_DEBOUNCE_MS + 50)));
    await user.click(await screen.findByRole('button', { name: 'Photos' }));
    await screen.findByRole('button', { name: 'sunset.jpg' });
    expect(screen.getByRole('searchbox', { name: 'Filter by name' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Smallest first');
  });

  it("sorts on desktop by the table's column headers, with no sort menu", async () => {
    const { record } = setup('other');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'beach.jpg' });
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Size' }));
    await waitFor(() =>
      expect(rowNames()).toEqual(['Photos', 'Beach party.mp4', 'beach.jpg', 'notes.pdf']),
    );
    expect(header('Size')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    const sorts = () =>
      record.apiCalls
        .filter((call) => call.path === '/share/detail')
        .map((call) => call.body as ShareDetailRequest)
        .map((body) => `${body.sort ?? ''}-${body.order ?? ''}`);
    expect(sorts()).toContain('size-desc');

    // The sorted column again: the other way round.
    await user.click(screen.getByRole('button', { name: 'Size' }));
    await waitFor(() => expect(rowNames()[1]).toBe('notes.pdf'));
    expect(header('Size')).toHaveAttribute('aria-sort', 'ascending');
    expect(sorts()).toContain('size-asc');
  });

  it('keeps what was unchecked while filtered once the filter is cleared, and adds nothing', async () => {
    setup();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'beach.jpg' });
    const field = screen.getByRole('searchbox', { name: 'Filter by name' });

    await user.type(field, 'beach');
    await waitFor(() => expect(rowNames()).toEqual(['Beach party.mp4', 'beach.jpg']));
    await user.click(screen.getByRole('checkbox', { name: 'Select beach.jpg' }));
    expect(screen.getByText('1 file(s) selected')).toBeInTheDocument();

    await user.click(field);
    await user.keyboard('{Escape}');
    await screen.findByRole('button', { name: 'notes.pdf' });
    expect(screen.getByRole('checkbox', { name: 'Select beach.jpg' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select notes.pdf' })).toBeChecked();
    expect(screen.getByText('3 file(s) selected')).toBeInTheDocument();

    // Deselect all, then a filter: its matches come unchecked, not selected again.
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Deselect all' }));
    await user.type(field, 'beach');
    await waitFor(() => expect(rowNames()).toEqual(['Beach party.mp4', 'beach.jpg']));
    expect(screen.getByText('Total 2 file(s)')).toBeInTheDocument();
  });

  it('selects a range with Shift and a click, on the rows or their check boxes', async () => {
    setup();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'beach.jpg' });
    const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });
    await user.click(box('Photos'));
    await user.keyboard('{Shift>}');
    await user.click(box('beach.jpg'));
    await user.keyboard('{/Shift}');
    // Photos, Beach party.mp4 and beach.jpg unchecked; notes.pdf as it was.
    expect(screen.getByText('1 file(s) selected')).toBeInTheDocument();
    expect(box('notes.pdf')).toBeChecked();

    // Shift and a click on a row checks the range instead of opening it.
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: 'Beach party.mp4' }));
    await user.keyboard('{/Shift}');
    expect(box('Beach party.mp4')).toBeChecked();
    expect(box('beach.jpg')).toBeChecked();
    expect(box('Photos')).not.toBeChecked();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
