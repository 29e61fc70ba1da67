import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CloudFolder } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/testing';
import { ok } from '../../../testing/fixtures';
import { renderWithHost } from '../../../testing/render';
import { SaveFolderDialog } from './save-folder-dialog';

const folder = (id: number, name: string, parent: number, subfolders = 0): CloudFolder => ({
  id,
  name,
  parent_id: parent,
  update_time: 0,
  folder_type: id === 1 ? 3 : 0,
  subfolder_num: subfolders,
});

function setup(initialFolder = { id: -1, name: 'From Share' }, emptyCloud = false) {
  const fake = createFakeHost({
    api: {
      '/file/folder/list': (body) =>
        ok({
          list:
            body.parent_id === 0 && !emptyCloud
              ? [folder(1, 'From Share', 0, 1), folder(2, 'Work', 0, 1)]
              : body.parent_id === 2
                ? [folder(3, 'Reports', 2)]
                : [],
          total: 2,
        }),
      '/file/folder/create': (body) => ok({ id: 90, name: body.folder_name }),
    },
  });
  const onClose = jest.fn();
  const onConfirm = jest.fn();
  const view = renderWithHost(
    fake.host,
    <SaveFolderDialog open initialFolder={initialFolder} onClose={onClose} onConfirm={onConfirm} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Save to' });
  return { ...fake, ...view, onClose, onConfirm, dialog };
}

describe('SaveFolderDialog', () => {
  it('opens at the root for the default folder and expands folders lazily', async () => {
    const { dialog, record, onConfirm } = setup();
    const location = within(dialog).getByRole('navigation', { name: 'Current location' });
    expect(location).toHaveTextContent('Cloud Files');
    expect(await within(dialog).findByRole('button', { name: 'Work' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Reports' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Expand Work' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Reports' }));
    expect(location).toHaveTextContent('Cloud FilesWorkReports');
    expect(record.apiCalls.map((call) => (call.body as { parent_id: number }).parent_id)).toEqual([
      0, 2,
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith({ id: 3, name: 'Reports' }, [
      { id: 0, name: 'Cloud Files' },
      { id: 2, name: 'Work' },
      { id: 3, name: 'Reports' },
    ]);
  });

  it("says 'No subfolders' under an opened empty folder, whose toggle keeps the focus", async () => {
    const { dialog } = setup();
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('button', { name: 'Expand Work' }));
    const reports = await within(dialog).findByRole('button', { name: 'Expand Reports' });
    await user.click(reports);
    expect(await within(dialog).findByText('No subfolders')).toBeInTheDocument();
    const open = within(dialog).getByRole('button', { name: 'Collapse Reports' });
    expect(open).toHaveFocus();
    await user.click(open);
    expect(within(dialog).getByRole('button', { name: 'Expand Reports' })).toHaveFocus();
    expect(within(dialog).queryByText('No subfolders')).not.toBeInTheDocument();
  });

  it("says 'No subfolders' for an empty cloud", async () => {
    const { dialog } = setup(undefined, true);
    expect(await within(dialog).findByText('No subfolders')).toBeInTheDocument();
  });

  it('creates a folder with Enter and selects it', async () => {
    const { dialog, record } = setup();
    await within(dialog).findByRole('button', { name: 'Work' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    const input = within(dialog).getByRole('textbox', { name: 'New folder name' });
    expect(input).toHaveValue('New Folder');
    await userEvent.clear(input);
    await userEvent.type(input, 'Holiday{Enter}');
    expect(await within(dialog).findByRole('button', { name: 'Holiday' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(record.apiCalls.at(-1)).toEqual({
      path: '/file/folder/create',
      body: { folder_name: 'Holiday', parent_id: 0 },
    });
  });

  it('removes an empty new folder with a message', async () => {
    const { dialog, record } = setup();
    await within(dialog).findByRole('button', { name: 'Work' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'New folder name' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        within(dialog).queryByRole('textbox', { name: 'New folder name' }),
      ).not.toBeInTheDocument(),
    );
    expect(record.toasts).toEqual(['The folder name cannot be empty.']);
  });

  it('commits on blur after 100 ms', async () => {
    jest.useFakeTimers();
    try {
      const { dialog, record } = setup();
      await act(async () => undefined);
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
      await act(async () => undefined);
      within(dialog).getByRole('textbox', { name: 'New folder name' }).blur();
      await act(async () => jest.advanceTimersByTime(99));
      expect(record.apiCalls.some((call) => call.path === '/file/folder/create')).toBe(false);
      await act(async () => jest.advanceTimersByTime(1));
      expect(record.apiCalls.at(-1)).toEqual({
        path: '/file/folder/create',
        body: { folder_name: 'New Folder', parent_id: 0 },
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('drops a pending folder when the dialog closes', async () => {
    const { dialog, onClose, record } = setup();
    await within(dialog).findByRole('button', { name: 'Work' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(
      within(dialog).queryByRole('textbox', { name: 'New folder name' }),
    ).not.toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(record.apiCalls.some((call) => call.path === '/file/folder/create')).toBe(false);
  });

  it('Escape while naming a new folder cancels the naming only; the dialog stays', async () => {
    const { dialog, onClose, record } = setup();
    await within(dialog).findByRole('button', { name: 'Work' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(within(dialog).getByRole('textbox', { name: 'New folder name' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(
      within(dialog).queryByRole('textbox', { name: 'New folder name' }),
    ).not.toBeInTheDocument();
    // The focus goes back to the folder the new one was to be made in, which stays chosen.
    expect(within(dialog).getByRole('button', { name: 'Cloud Files' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Cloud Files' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(record.apiCalls.some((call) => call.path === '/file/folder/create')).toBe(false);
    // A second Escape closes the dialog.
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
