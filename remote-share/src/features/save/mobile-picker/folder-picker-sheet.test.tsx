import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CloudFolder } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/testing';
import { ok } from '../../../testing/fixtures';
import { renderWithHost } from '../../../testing/render';
import { FolderPickerSheet, type FolderPickerSheetProps } from './folder-picker-sheet';

const folder = (id: number, name: string, type = 0): CloudFolder => ({
  id,
  name,
  parent_id: 0,
  update_time: 0,
  folder_type: type,
  subfolder_num: 0,
});

const many = Array.from({ length: 60 }, (_, index) => folder(1000 + index, `Folder ${index + 1}`));

function setup(props: Partial<FolderPickerSheetProps> = {}) {
  const fake = createFakeHost({
    api: {
      '/file/folder/list': (body) => {
        if (body.parent_id === 0) {
          return ok({
            list: [folder(1, 'From Share', 3), folder(2, 'Uploads', 2), folder(3, 'Work')],
            total: 3,
          });
        }
        if (body.parent_id === 3) {
          const start = (body.page.current_page - 1) * body.page.page_size;
          return ok({ list: many.slice(start, start + body.page.page_size), total: many.length });
        }
        return ok({ list: [], total: 0 });
      },
    },
  });
  const handlers = {
    onClose: jest.fn(),
    onConfirm: jest.fn(),
    onCreateFolder: jest.fn(),
  };
  renderWithHost(
    fake.host,
    <FolderPickerSheet
      open
      initialPath={[{ id: 0, name: 'Cloud Files' }]}
      initialSelected={{ id: -1, name: 'From Share' }}
      defaultFolderId={1}
      createdFolder={null}
      {...handlers}
      {...props}
    />,
  );
  return { ...fake, ...handlers };
}

describe('FolderPickerSheet', () => {
  it('lists the root with the From Share entry first and the current choice selected', async () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Save to "From Share"' });
    await within(dialog).findByRole('button', { name: 'Uploads' });
    const names = within(screen.getByRole('list', { name: 'Subfolders' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['From Share', 'Uploads', 'Work']);
    expect(within(dialog).getByRole('button', { name: 'From Share' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(within(dialog).getByRole('navigation', { name: 'Folder path' })).toHaveTextContent(
      'Cloud Files',
    );
  });

  it('opens a folder, pages on scroll, goes back, and confirms the selection with its path', async () => {
    const { record, onConfirm } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Work' }));
    expect(screen.getByRole('dialog', { name: 'Save to "Work"' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Folder 50' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Folder 51' })).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Subfolders' });
    Object.defineProperties(list, {
      scrollHeight: { value: 1000, configurable: true },
      clientHeight: { value: 400, configurable: true },
    });
    list.scrollTop = 600;
    fireEvent.scroll(list);
    expect(await screen.findByRole('button', { name: 'Folder 60' })).toBeInTheDocument();
    const pages = record.apiCalls
      .filter((call) => call.path === '/file/folder/list')
      .map((call) => (call.body as { page: { current_page: number } }).page.current_page);
    expect(pages).toEqual([1, 1, 2]);

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      await screen.findByRole('dialog', { name: 'Save to "Cloud Files"' }),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Uploads' }));
    expect(await screen.findByText('No subfolders')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith({ id: 2, name: 'Uploads' }, [
      { id: 0, name: 'Cloud Files' },
      { id: 2, name: 'Uploads' },
    ]);
  });

  it('closes with the back arrow at the root, and asks for a folder in the current one', async () => {
    const { onClose, onCreateFolder } = setup();
    await screen.findByRole('button', { name: 'Work' });
    await userEvent.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(onCreateFolder).toHaveBeenCalledWith(0);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('lists the real default folder for the From Share entry', async () => {
    const { record } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'From Share' }));
    await waitFor(() => expect(record.apiCalls.at(-1)?.body).toMatchObject({ parent_id: 1 }));
  });

  it("loads the next page when the list's end shows, as when the whole sheet scrolls", async () => {
    // jsdom has no IntersectionObserver: a stand-in that reports what the test says.
    const watched: { report: IntersectionObserverCallback; targets: Element[] }[] = [];
    class StandInObserver {
      targets: Element[] = [];
      constructor(public report: IntersectionObserverCallback) {
        watched.push(this);
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      unobserve() {}
      disconnect() {
        this.targets = [];
      }
      takeRecords() {
        return [];
      }
    }
    Object.defineProperty(window, 'IntersectionObserver', {
      value: StandInObserver,
      configurable: true,
      writable: true,
    });
    try {
      setup();
      await userEvent.click(await screen.findByRole('button', { name: 'Work' }));
      expect(await screen.findByRole('button', { name: 'Folder 50' })).toBeInTheDocument();
      const observer = watched.find((candidate) => candidate.targets.length > 0);
      const end = observer?.targets[0];
      expect(end).toBeDefined();
      act(() => {
        observer?.report(
          [{ isIntersecting: true, target: end } as IntersectionObserverEntry],
          observer as unknown as IntersectionObserver,
        );
      });
      expect(await screen.findByRole('button', { name: 'Folder 60' })).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    }
  });
});
