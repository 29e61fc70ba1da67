import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CloudFolder, SaveFileRequest } from 'shared-contracts';
import { createFakeHost, type FakeHostOptions } from 'shared-contracts/testing';
import ShareViewer from './share-viewer';
import { reloadPage } from '../lib/reload';
import { fail, item, ok, shareInfo, stubWindowScroll, user } from '../testing/fixtures';

jest.mock('../lib/reload', () => ({ reloadPage: jest.fn() }));

const pdf = item({ id: 2, name: 'report.pdf' });
const jpg = item({ id: 3, name: 'beach.jpg', media_type: 1 });
const folderA: CloudFolder = {
  id: 501,
  name: 'Trips',
  parent_id: 0,
  update_time: 0,
  folder_type: 0,
  subfolder_num: 1,
};
const defaultFolder: CloudFolder = { ...folderA, id: 500, name: 'From Share', folder_type: 3 };

function setup(options: FakeHostOptions & { shareType?: 1 | 2; saveCode?: number } = {}) {
  const saves: SaveFileRequest[] = [];
  const fake = createFakeHost({
    ...options,
    api: {
      '/share/info': () => ok(shareInfo({ share_type: options.shareType ?? 1 })),
      '/share/detail': () => ok({ file_list: [pdf, jpg] }),
      '/share/save_file': (body) => {
        saves.push(body);
        if (options.saveCode) return fail(options.saveCode, 'No');
        return ok({
          folder_id: body.folder_id === -1 ? 500 : body.folder_id,
          folder_name: body.folder_id === -1 ? 'From Share' : 'Trips',
          saved_count: body.file_ids.length,
        });
      },
      '/file/folder/list': (body) =>
        ok({ list: body.parent_id === 0 ? [defaultFolder, folderA] : [], total: 2 }),
      '/file/folder/create': (body) => ok({ id: 900, name: body.folder_name }),
      ...options.api,
    },
  });
  render(<ShareViewer host={fake.host} view="share" shareCode="demo-public" />);
  return { ...fake, saves };
}

const eventNames = (events: { name: string }[]) => events.map((event) => event.name);

beforeAll(stubWindowScroll);
beforeEach(() => {
  window.sessionStorage.clear();
  jest.mocked(reloadPage).mockClear();
});

describe('the save flow', () => {
  it('saves the checked files to the default folder on a phone and shows the success dialog', async () => {
    const { record, saves } = setup({ platform: 'android', session: { token: 't', user: user() } });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select beach.jpg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save to cloud' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share successful' });
    expect(saves).toEqual([
      { share_id: 11, share_code: 'demo-public', extract_code: '', folder_id: -1, file_ids: [2] },
    ]);
    expect(record.loadingToasts).toEqual(['Saving, please wait']);
    expect(within(dialog).getByText('Saved to From Share')).toBeInTheDocument();
    expect(eventNames(record.events)).toEqual(
      expect.arrayContaining(['button_share_save', 'share_save_success']),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Go to the app to view the video' }),
    );
    expect(record.deepLinks).toEqual([
      { path: 'fromShare', folderId: 500, folderName: 'From Share' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the download dialog from the success dialog on PC (private share saves directly)', async () => {
    const { record, saves } = setup({
      platform: 'other',
      shareType: 2,
      session: { token: 't', user: user() },
      api: {
        '/share/info': () => ok(shareInfo({ share_type: 2 })),
        '/share/detail': () => ok({ file_list: [pdf] }),
      },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Extract code' }), 'ab12');
    await userEvent.click(screen.getByRole('button', { name: 'Extract file' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save to cloud' }));
    expect(saves[0]).toMatchObject({ extract_code: 'ab12', folder_id: -1 });
    const dialog = await screen.findByRole('dialog', { name: 'Share successful' });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Go to the app to view the video' }),
    );
    expect(record.downloadDialogOpened).toBe(1);
  });

  it('opens the PC save-folder dialog for a public share and saves to the chosen folder', async () => {
    const { saves } = setup({ platform: 'other', session: { token: 't', user: user() } });
    await userEvent.click(await screen.findByRole('button', { name: 'Save to cloud' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save to' });
    const location = within(dialog).getByRole('navigation', { name: 'Current location' });
    expect(location).toHaveTextContent('Cloud Files');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Trips' }));
    expect(location).toHaveTextContent('Cloud FilesTrips');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('dialog', { name: 'Share successful' });
    expect(saves).toEqual([
      {
        share_id: 11,
        share_code: 'demo-public',
        extract_code: '',
        folder_id: 501,
        file_ids: [2, 3],
      },
    ]);
  });

  it('asks an anonymous visitor to log in, then opens the mobile picker and saves on Confirm', async () => {
    const { record, saves } = setup({
      platform: 'ios',
      loginOutcome: { autoSave: true, fileId: '' },
      sessionAfterLogin: { token: 't', user: user(), defaultFolder },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in and save' }));
    expect(record.loginRequests).toEqual([{ save: true }]);
    const picker = await screen.findByRole('dialog', { name: 'Save to "From Share"' });
    expect(await within(picker).findByRole('button', { name: 'Trips' })).toBeInTheDocument();
    // The real default folder is represented by the 'From Share' entry only.
    expect(within(picker).getAllByRole('button', { name: 'From Share' })).toHaveLength(1);
    await userEvent.click(within(picker).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('dialog', { name: 'Share successful' });
    expect(saves).toEqual([
      {
        share_id: 11,
        share_code: 'demo-public',
        extract_code: '',
        folder_id: -1,
        file_ids: [2, 3],
      },
    ]);
  });

  it('opens the PC dialog after login on PC', async () => {
    setup({
      platform: 'other',
      loginOutcome: { autoSave: true, fileId: '' },
      sessionAfterLogin: { token: 't', user: user() },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in and save' }));
    expect(await screen.findByRole('dialog', { name: 'Save to' })).toBeInTheDocument();
  });

  it('does nothing when the login sheet is dismissed', async () => {
    const { record, saves } = setup({ platform: 'ios', loginOutcome: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in and save' }));
    await waitFor(() => expect(record.loginRequests).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(saves).toEqual([]);
  });

  it('opens the upgrade sheet on 4001 for a free user', async () => {
    const { record } = setup({
      platform: 'android',
      saveCode: 4001,
      session: { token: 't', user: user() },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save to cloud' }));
    await waitFor(() => expect(record.upgradeSheetOpened).toBe(1));
    expect(eventNames(record.events)).toContain('share_save_fail');
    expect(screen.getByRole('button', { name: 'Save to cloud' })).toBeEnabled();
  });

  it('tells a vip user to free space on 4001', async () => {
    const { record } = setup({
      platform: 'android',
      saveCode: 4001,
      session: {
        token: 't',
        user: user({ user_identity: { identity_type: 2, vip_expiry_time: 1 } }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save to cloud' }));
    await waitFor(() =>
      expect(record.toasts).toEqual([
        'Insufficient cloud space, please go to the app to delete some files to free up space',
      ]),
    );
    expect(record.upgradeSheetOpened).toBe(0);
  });

  it('reloads after 1 s on any other code', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      setup({ platform: 'android', saveCode: 4003, session: { token: 't', user: user() } });
      const user2 = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user2.click(await screen.findByRole('button', { name: 'Save to cloud' }));
      await act(async () => jest.advanceTimersByTime(999));
      expect(reloadPage).not.toHaveBeenCalled();
      await act(async () => jest.advanceTimersByTime(1));
      expect(reloadPage).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('chooses the destination with the "Save to" selector; closing without Confirm keeps it', async () => {
    const { saves } = setup({
      platform: 'android',
      session: { token: 't', user: user(), defaultFolder },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save to From Share' }));
    let picker = await screen.findByRole('dialog', { name: 'Save to "From Share"' });
    await userEvent.click(await within(picker).findByRole('button', { name: 'Trips' }));
    expect(screen.getByRole('dialog', { name: 'Save to "Trips"' })).toBeInTheDocument();
    expect(await within(picker).findByText('No subfolders')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Save to From Share' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save to From Share' }));
    picker = await screen.findByRole('dialog', { name: 'Save to "From Share"' });
    await userEvent.click(await within(picker).findByRole('button', { name: 'Trips' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('button', { name: 'Save to Trips' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save to cloud' }));
    await screen.findByRole('dialog', { name: 'Share successful' });
    expect(saves[0]).toMatchObject({ folder_id: 501 });
  });

  it('reopens the picker at the chosen folder, where Create folder makes the new one', async () => {
    const { record } = setup({
      platform: 'android',
      session: { token: 't', user: user(), defaultFolder },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save to From Share' }));
    const first = await screen.findByRole('dialog', { name: 'Save to "From Share"' });
    await userEvent.click(await within(first).findByRole('button', { name: 'Trips' }));
    await userEvent.click(within(first).getByRole('button', { name: 'Confirm' }));

    // docs/product.md, "Saving": opening sets the current folder to the last path entry.
    await userEvent.click(screen.getByRole('button', { name: 'Save to Trips' }));
    const picker = await screen.findByRole('dialog', { name: 'Save to "Trips"' });
    expect(await within(picker).findByText('No subfolders')).toBeInTheDocument();
    expect(within(picker).getByRole('navigation', { name: 'Folder path' })).toHaveTextContent(
      'Trips',
    );
    await userEvent.click(within(picker).getByRole('button', { name: 'Create folder' }));
    const sheet = await screen.findByRole('dialog', { name: 'Create folder' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(record.apiCalls.find((call) => call.path === '/file/folder/create')?.body).toEqual({
        folder_name: 'New Folder',
        parent_id: 501,
      }),
    );
  });

  it('creates a folder from the picker and selects it', async () => {
    const { record } = setup({
      platform: 'android',
      session: { token: 't', user: user(), defaultFolder },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save to From Share' }));
    const picker = await screen.findByRole('dialog', { name: 'Save to "From Share"' });
    await within(picker).findByRole('button', { name: 'Trips' });
    await userEvent.click(within(picker).getByRole('button', { name: 'Create folder' }));
    const sheet = await screen.findByRole('dialog', { name: 'Create folder' });
    const input = within(sheet).getByPlaceholderText('Please enter a name');
    await userEvent.clear(input);
    await userEvent.type(input, '  Summer  ');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create folder' })).not.toBeInTheDocument(),
    );
    expect(record.apiCalls.find((call) => call.path === '/file/folder/create')?.body).toEqual({
      folder_name: 'Summer',
      parent_id: 0,
    });
    expect(record.toasts).toContain('Successfully created');
    expect(screen.getByRole('dialog', { name: 'Save to "Summer"' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('dialog', { name: 'Save to "Summer"' })).getByRole('button', {
        name: 'Summer',
      }),
    ).toHaveAttribute('aria-current', 'true');
  });

  it('keeps the focus on the save button while a save is under way, and returns it there', async () => {
    let answer: () => void = () => undefined;
    const { saves } = setup({
      platform: 'android',
      session: { token: 't', user: user() },
      api: {
        '/share/save_file': (body) =>
          new Promise((resolve) => {
            saves.push(body);
            answer = () =>
              resolve(ok({ folder_id: 500, folder_name: 'From Share', saved_count: 1 }));
          }),
      },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select beach.jpg' }));
    const save = screen.getByRole('button', { name: 'Save to cloud' });
    save.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    expect(save).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(saves).toHaveLength(1);

    await act(async () => answer());
    expect(await screen.findByRole('dialog', { name: 'Share successful' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(save).toHaveFocus();
    expect(save).not.toHaveAttribute('aria-disabled');
  });

  it('does nothing with nothing checked', async () => {
    const { saves } = setup({ platform: 'android', session: { token: 't', user: user() } });
    await userEvent.click(await screen.findByRole('button', { name: 'Deselect all' }));
    expect(screen.getByRole('button', { name: 'Save to cloud' })).toBeDisabled();
    expect(saves).toEqual([]);
  });
});
