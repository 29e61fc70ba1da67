import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Platform, ShareDetailRequest } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/testing';
import { viewCookieValue } from '../features/share-list/grid/view-mode';
import { item, ok, shareInfo, stubWindowScroll } from '../testing/fixtures';
import ShareViewer from './share-viewer';

beforeAll(stubWindowScroll);
beforeEach(() => {
  window.sessionStorage.clear();
  document.cookie = 'nimbus_view=; max-age=0; path=/';
});

const photos = item({ id: 1, name: 'Photos', is_folder: 1, media_type: 0, total_size: 0 });
const beach = item({
  id: 2,
  name: 'beach.jpg',
  media_type: 1,
  grid_thumb_url: 'https://media.example.com/thumb/2/256.webp',
});
const notes = item({ id: 3, name: 'notes.pdf' });
const sunset = item({ id: 5, name: 'sunset.jpg', media_type: 1 });

function setup(platform: Platform = 'android') {
  const fake = createFakeHost({
    platform,
    api: {
      '/share/info': () => ok(shareInfo()),
      '/share/detail': (body: ShareDetailRequest) => {
        const items = body.folder_id === photos.id ? [sunset] : [photos, beach, notes];
        return ok({ file_list: items, total: items.length });
      },
    },
  });
  return render(<ShareViewer host={fake.host} view="share" shareCode="demo-public" />);
}

describe('the grid view', () => {
  it('switches the list to a grid, selects in it, opens a folder, and is kept', async () => {
    const user = userEvent.setup();
    const { unmount } = setup();
    await screen.findByRole('list', { name: 'Shared files' });
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    const grid = screen.getByRole('grid', { name: 'Shared files' });
    expect(screen.queryByRole('list', { name: 'Shared files' })).not.toBeInTheDocument();
    expect(within(grid).getByRole('img', { name: 'beach.jpg' })).toBeInTheDocument();

    // Selection as in the list: everything starts selected.
    expect(screen.getByText('3 file(s) selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deselect all' }));
    await user.click(within(grid).getByRole('checkbox', { name: 'Select beach.jpg' }));
    await user.click(within(grid).getByRole('checkbox', { name: 'Select notes.pdf' }));
    expect(screen.getByText('2 file(s) selected')).toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: 'Photos' }));
    const inFolder = await screen.findByRole('grid', { name: 'Shared files' });
    expect(await within(inFolder).findByRole('button', { name: 'sunset.jpg' })).toBeInTheDocument();
    expect(viewCookieValue(document.cookie)).toBe('grid');

    // Another visit: the grid again.
    unmount();
    setup();
    expect(await screen.findByRole('grid', { name: 'Shared files' })).toBeInTheDocument();
  });

  it('has the sort menu on desktop, where the list has column headers instead', async () => {
    const user = userEvent.setup();
    setup('other');
    await screen.findByRole('table', { name: 'Shared files' });
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    expect(screen.getByRole('grid', { name: 'Shared files' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeInTheDocument();
  });
});
