import type { SaveFileRequest } from 'shared-contracts';
import { createFakeHost, type FakeHostOptions } from 'shared-contracts/testing';
import { prepareTexts, textsIn } from '../../lib/texts';
import { messages as german } from '../../locales/de';
import { ok, user } from '../../testing/fixtures';
import { saveFiles, startSave, type SaveContext } from './save-flow';

function context(options: FakeHostOptions = {}, overrides: Partial<SaveContext> = {}) {
  const saves: SaveFileRequest[] = [];
  const fake = createFakeHost({
    ...options,
    api: {
      '/share/save_file': (body) => {
        saves.push(body);
        return ok({ folder_id: 9, folder_name: 'From Share', saved_count: body.file_ids.length });
      },
    },
  });
  const ctx: SaveContext = {
    host: fake.host,
    t: textsIn('en'),
    shareId: 11,
    shareCode: 'abc',
    shareType: 1,
    shareUserId: 7,
    extractCode: '',
    checkedIds: () => [1, 2],
    saveFolder: () => ({ id: -1, name: 'From Share' }),
    setSaving: jest.fn(),
    openPcDialog: jest.fn(),
    openPicker: jest.fn(),
    onSaved: jest.fn(),
    ...overrides,
  };
  return { ...fake, ctx, saves };
}

describe('save flow', () => {
  it('saves one file right after a login in save mode with its file id', async () => {
    const { ctx, record, saves } = context({
      platform: 'other',
      loginOutcome: { autoSave: true, fileId: '5' },
      sessionAfterLogin: { token: 't', user: user() },
    });
    await startSave(ctx, 5);
    expect(record.loginRequests).toEqual([{ save: true, fileId: '5' }]);
    expect(saves).toEqual([
      { share_id: 11, share_code: 'abc', extract_code: '', folder_id: -1, file_ids: [5] },
    ]);
    expect(ctx.onSaved).toHaveBeenCalledWith({
      folder_id: 9,
      folder_name: 'From Share',
      saved_count: 1,
    });
    expect(ctx.setSaving).toHaveBeenNthCalledWith(1, true);
    expect(ctx.setSaving).toHaveBeenLastCalledWith(false);
  });

  it('names the default folder in the page language, whatever the server calls it', async () => {
    // The shell's loader, answering the viewer's German file beside its scripts.
    const loadMessages = jest.fn(() => Promise.resolve(german));
    await prepareTexts('de', loadMessages);
    expect(loadMessages).toHaveBeenCalledWith(
      expect.stringMatching(/^http:\/\/localhost\/messages\/de\.[^/]*\.json$/),
    );
    const { ctx } = context();
    await saveFiles({ ...ctx, t: textsIn('de') }, { id: -1, name: 'From Share' }, 1);
    expect(ctx.onSaved).toHaveBeenCalledWith(
      expect.objectContaining({ folder_id: 9, folder_name: textsIn('de')('fromShare') }),
    );
    expect(textsIn('de')('fromShare')).not.toBe('From Share');
  });

  it('does not save after a login that turns out to be the sharer', async () => {
    const { ctx, saves } = context({
      loginOutcome: { autoSave: true, fileId: '' },
      sessionAfterLogin: { token: 't', user: user({ user_id: 7 }) },
    });
    await startSave(ctx);
    expect(saves).toEqual([]);
    expect(ctx.openPicker).not.toHaveBeenCalled();
  });

  it('does nothing for the sharer or with nothing to save', async () => {
    const sharer = context({ session: { token: 't', user: user({ user_id: 7 }) } });
    await startSave(sharer.ctx);
    expect(sharer.saves).toEqual([]);
    const empty = context({ session: { token: 't', user: user() } }, { checkedIds: () => [] });
    await startSave(empty.ctx);
    expect(empty.saves).toEqual([]);
    expect(empty.record.loginRequests).toEqual([]);
  });

  it('opens the PC dialog with the single file id on a public share', async () => {
    const { ctx, saves } = context({ platform: 'other', session: { token: 't', user: user() } });
    await startSave(ctx, 3);
    expect(ctx.openPcDialog).toHaveBeenCalledWith(3);
    expect(saves).toEqual([]);
  });

  it('says "not select" without a destination', async () => {
    const { ctx, record, saves } = context();
    await saveFiles(ctx, null);
    expect(record.toasts).toEqual(['not select']);
    expect(saves).toEqual([]);
  });

  it('swallows a transport failure and reports it', async () => {
    const { ctx, record } = context({ session: { token: 't', user: user() } });
    ctx.host.api.call = () => Promise.reject(new Error('timeout'));
    await expect(saveFiles(ctx, { id: -1, name: '' })).resolves.toBeUndefined();
    expect(record.events.at(-1)).toEqual({
      name: 'share_save_fail',
      content: { error_message: 'timeout' },
    });
    expect(ctx.setSaving).toHaveBeenLastCalledWith(false);
  });
});
