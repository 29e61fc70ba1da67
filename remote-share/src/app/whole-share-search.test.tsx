import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShareDetailRequest, SharedItem, ShareSearchItem } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/testing';
import { item, ok, shareInfo, stubWindowScroll } from '../testing/fixtures';
import ShareViewer from './share-viewer';

beforeAll(stubWindowScroll);
beforeEach(() => window.sessionStorage.clear());

const photos = item({ id: 1, name: 'Photos', is_folder: 1, media_type: 0, total_size: 0 });
const trips = item({ id: 2, name: 'Trips', is_folder: 1, media_type: 0, total_size: 0 });
const root = [photos, item({ id: 3, name: 'notes.pdf' })];
const inPhotos = [trips];
const inTrips = [item({ id: 4, name: 'beach.jpg', media_type: 1 })];
const found = (entry: SharedItem, path: { id: number; name: string }[]): ShareSearchItem => ({
  ...entry,
  path,
});
const beachResult = found(inTrips[0] as SharedItem, [
  { id: 1, name: 'Photos' },
  { id: 2, name: 'Trips' },
]);
const tripsResult = found(trips, [{ id: 1, name: 'Photos' }]);

function listing(body: ShareDetailRequest) {
  const items =
    body.folder_id === photos.id ? inPhotos : body.folder_id === trips.id ? inTrips : root;
  return ok({ file_list: items, total: items.length });
}

function setup(results: ShareSearchItem[] = [tripsResult, beachResult], total?: number) {
  const fake = createFakeHost({
    platform: 'android',
    api: {
      '/share/info': () => ok(shareInfo()),
      '/share/detail': (body) => listing(body),
      '/share/search': (body) => {
        const page = body.page?.current_page ?? 1;
        const matches = results.filter((entry) =>
          entry.name.toLowerCase().includes(body.q.toLowerCase()),
        );
        const size = 1;
        return ok({
          file_list: total === undefined ? matches : matches.slice((page - 1) * size, page * size),
          total: total ?? matches.length,
        });
      },
    },
  });
  render(<ShareViewer host={fake.host} view="share" shareCode="demo-public" />);
  return fake;
}

async function searchWholeShare(text: string) {
  const user = userEvent.setup();
  await screen.findByRole('button', { name: 'notes.pdf' });
  await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), text);
  await user.click(screen.getByRole('button', { name: 'Search the whole share' }));
  return user;
}

describe('searching the whole share', () => {
  it('offers the whole share only while text is typed', async () => {
    setup();
    await screen.findByRole('button', { name: 'notes.pdf' });
    expect(screen.queryByRole('button', { name: 'Search the whole share' })).toBeNull();
  });

  it('lists every match with its folders, says the count, and opens a folder result', async () => {
    const { record, address } = setup();
    const user = await searchWholeShare('p');
    expect(await screen.findByRole('heading', { name: 'Whole share: "p"' })).toHaveFocus();
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(
      '2 results in the whole share',
    );
    const list = screen.getByRole('list', { name: 'Search results' });
    const beach = within(list).getByRole('button', { name: 'beach.jpg' });
    expect(beach).toHaveAccessibleDescription(/^Photos ?, Trips$/);
    expect(within(list).getByRole('button', { name: 'Trips' })).toHaveAccessibleDescription(
      'Photos',
    );
    expect(record.apiCalls.find((call) => call.path === '/share/search')?.body).toMatchObject({
      q: 'p',
      extract_code: '',
    });
    expect(address.current()).toContain('search=p');
    await user.click(within(list).getByRole('button', { name: 'Trips' }));
    expect(await screen.findByRole('button', { name: 'beach.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Folder path' })).toHaveTextContent(/Trips/);
    expect(address.current()).toBe('folder=2');
    // Back returns to the results.
    act(() => address.back());
    expect(await screen.findByRole('list', { name: 'Search results' })).toBeInTheDocument();
  });

  it("opens a file result's folder with the file's row focused", async () => {
    const { address } = setup();
    const user = await searchWholeShare('beach');
    const list = await screen.findByRole('list', { name: 'Search results' });
    await user.click(within(list).getByRole('button', { name: 'beach.jpg' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'beach.jpg' })).toHaveFocus(), {
      timeout: 3000,
    });
    expect(address.current()).toBe('folder=2');
  });

  it('says when nothing matches, and goes back to the folder', async () => {
    setup();
    const user = await searchWholeShare('zzz');
    expect(await screen.findByText('Nothing in this share matches "zzz"')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      '0 results in the whole share',
    );
    await user.click(screen.getByRole('button', { name: 'Back to the folder' }));
    expect(screen.queryByRole('heading', { name: /Whole share/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'notes.pdf' })).toBeVisible();
  });

  it('shows more results a page at a time', async () => {
    setup([tripsResult, beachResult], 2);
    const user = await searchWholeShare('p');
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show more results' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Show more results' })).toBeNull();
  });
});
