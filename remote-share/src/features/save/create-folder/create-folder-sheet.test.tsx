import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiEnvelope } from 'shared-contracts';
import { createFakeHost, type FakeHostOptions } from 'shared-contracts/testing';
import { fail, ok } from '../../../testing/fixtures';
import { renderWithHost } from '../../../testing/render';
import { CreateFolderSheet } from './create-folder-sheet';

function setup(api: FakeHostOptions['api'] = {}) {
  const fake = createFakeHost({
    api: { '/file/folder/create': (body) => ok({ id: 77, name: body.folder_name }), ...api },
  });
  const onClose = jest.fn();
  const onCreated = jest.fn();
  renderWithHost(
    fake.host,
    <CreateFolderSheet open parentId={5} onClose={onClose} onCreated={onCreated} />,
  );
  const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Folder name' });
  return { ...fake, onClose, onCreated, input };
}

describe('CreateFolderSheet', () => {
  it('starts with "New Folder", limits to 100 characters and creates the trimmed name', async () => {
    const { input, record, onCreated, onClose } = setup();
    expect(screen.getByRole('dialog', { name: 'Create folder' })).toBeInTheDocument();
    expect(input).toHaveValue('New Folder');
    expect(input).toHaveAttribute('placeholder', 'Please enter a name');
    expect(input).toHaveAttribute('maxLength', '100');
    await userEvent.clear(input);
    await userEvent.type(input, '  Summer 2025 ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(record.apiCalls).toEqual([
      { path: '/file/folder/create', body: { folder_name: 'Summer 2025', parent_id: 5 } },
    ]);
    expect(record.toasts).toEqual(['Successfully created']);
    expect(onCreated).toHaveBeenCalledWith(
      expect.objectContaining({ id: 77, name: 'Summer 2025' }),
    );
  });

  it('rejects an empty name inline and clears the input', async () => {
    const { input, record } = setup();
    await userEvent.clear(input);
    await userEvent.type(input, '   ');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('The folder name cannot be empty.');
    expect(input).toHaveValue('');
    expect(record.apiCalls).toEqual([]);
  });

  describe('on the next frame', () => {
    const frames: FrameRequestCallback[] = [];
    const nextFrame = () => frames.splice(0).forEach((callback) => callback(0));
    beforeEach(() => {
      jest
        .spyOn(window, 'requestAnimationFrame')
        .mockImplementation((callback) => frames.push(callback));
    });
    afterEach(() => jest.restoreAllMocks());

    it('selects the suggested name, so typing replaces it', () => {
      const { input } = setup();
      nextFrame();
      expect(input).toHaveValue('New Folder');
      expect([input.selectionStart, input.selectionEnd]).toEqual([0, 10]);
    });

    it('keeps what was typed before it (a slow phone)', async () => {
      const { input } = setup();
      await userEvent.clear(input);
      await userEvent.type(input, 'a/b');
      nextFrame();
      expect(input).toHaveValue('a/b');
      expect(input.selectionStart).toBe(input.selectionEnd);
    });
  });

  it('rejects forbidden characters inline', async () => {
    const { input, record } = setup();
    await userEvent.clear(input);
    await userEvent.type(input, 'a/b');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The name cannot contain: \\, /, :, ?, ", <, >, |',
    );
    expect(record.apiCalls).toEqual([]);
  });

  it('sends one request however often Confirm is pressed, and shows a refusal', async () => {
    let answer: (value: ApiEnvelope<{ id: number; name: string }>) => void = () => undefined;
    const { record } = setup({
      '/file/folder/create': () => new Promise((resolve) => (answer = resolve)),
    });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await userEvent.click(confirm);
    await userEvent.click(confirm);
    expect(record.apiCalls).toHaveLength(1);
    answer(fail<{ id: number; name: string }>(4009, 'A folder of that name already exists'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A folder of that name already exists',
    );
  });
});
