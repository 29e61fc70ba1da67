import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { createFakeHost, type FakeHostOptions } from 'shared-contracts/testing';
import ShareViewer from './share-viewer';
import { item, ok, shareInfo, SHARER_ID, stubWindowScroll, user } from '../testing/fixtures';
import { playTo, stubMediaElements, type MediaStubs } from '../testing/media';

jest.mock('../features/preview/player/media-engine', () => ({
  createPlayer: jest.fn(async () => ({ destroy: () => undefined })),
}));

/** The preview inside the share viewer: opened from the file list, saving from the overlay. */
const song = item({
  id: 51,
  name: 'tone.mp3',
  media_type: 3,
  duration: 70,
  download_url: 'https://media.example.com/tone.mp3',
});
const archive = item({ id: 52, name: 'photos.zip', media_type: 5 });
const photo = item({
  id: 53,
  name: 'peak.jpg',
  media_type: 1,
  download_url: 'https://media.example.com/peak.jpg',
});

function setup(options: FakeHostOptions = {}) {
  const fake = createFakeHost({
    ...options,
    api: {
      '/share/info': () => ok(shareInfo()),
      '/share/detail': () => ok({ file_list: [song, archive, photo] }),
      ...options.api,
    },
  });
  render(<ShareViewer host={fake.host} view="share" shareCode="demo-public" />);
  return fake;
}

let stubs: MediaStubs;
beforeAll(stubWindowScroll);
beforeEach(() => {
  window.sessionStorage.clear();
  stubs = stubMediaElements();
});
afterEach(() => stubs.restore());

async function reachLimit() {
  await waitFor(() =>
    expect(screen.getByLabelText('tone.mp3', { selector: 'audio' })).toBeInstanceOf(
      HTMLAudioElement,
    ),
  );
  const media = screen.getByLabelText('tone.mp3', { selector: 'audio' }) as HTMLAudioElement;
  await waitFor(() => expect(media.paused).toBe(false));
  act(() => playTo(media, 60));
  const dialog = await screen.findByRole('dialog', { name: 'Preview of tone.mp3' });
  return within(dialog).findByRole('button', { name: 'Save to cloud' });
}

describe('previews in the share viewer', () => {
  it('opens a preview from its row and reports the click', async () => {
    const { record } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'peak.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview of peak.jpg' });
    expect(within(dialog).getByRole('img', { name: 'peak.jpg' })).toBeInTheDocument();
    expect(record.events.map((event) => event.name)).toContain('share_preview_click');
    // The list's title, then the preview's: the file's name.
    expect(record.titles).toEqual(['Holiday · Nimbus', 'peak.jpg']);
  });

  it('refuses other file types with a toast and a fail event', async () => {
    const { record } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'photos.zip' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(record.toasts).toEqual(['This file type does not support preview']);
    expect(record.events.at(-1)).toEqual({
      name: 'share_preview_fail',
      content: { error_message: 'This file type does not support preview' },
    });
  });

  it("the overlay's button opens the login sheet in save mode for that one file", async () => {
    const { record } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'tone.mp3' }));
    await userEvent.click(await reachLimit());
    expect(record.loginRequests).toEqual([{ save: true, fileId: '51' }]);
    expect(record.events.map((event) => event.name)).toContain('button_share_save');
  });

  it('saves that one file for a logged-in visitor on a phone', async () => {
    const { record } = setup({
      platform: 'android',
      session: { token: 't', user: user() },
      api: {
        '/share/save_file': () => ok({ folder_id: -1, folder_name: 'From Share', saved_count: 1 }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'tone.mp3' }));
    await userEvent.click(await reachLimit());
    await waitFor(() =>
      expect(record.apiCalls.find((call) => call.path === '/share/save_file')?.body).toMatchObject({
        file_ids: [51],
      }),
    );
  });

  it("cannot save the sharer's own file from the overlay", async () => {
    setup({ session: { token: 't', user: user({ user_id: SHARER_ID }) } });
    await userEvent.click(await screen.findByRole('button', { name: 'tone.mp3' }));
    await waitFor(() =>
      expect(screen.getByLabelText('tone.mp3', { selector: 'audio' })).toBeInstanceOf(
        HTMLAudioElement,
      ),
    );
    act(() =>
      playTo(screen.getByLabelText('tone.mp3', { selector: 'audio' }) as HTMLAudioElement, 61),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Preview of tone.mp3' });
    expect(
      await within(dialog).findByRole('button', { name: 'Cannot save files that you have shared' }),
    ).toBeDisabled();
  });
});
