import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost, type FakeHostOptions } from 'shared-contracts/testing';
import ShareViewer from './share-viewer';
import {
  type ApiEnvelope,
  type PrefetchedShare,
  type ShareDetail,
  type ShareInfo,
  type SharePrefetch,
} from 'shared-contracts';
import { fail, item, ok, shareInfo, SHARER_ID, stubWindowScroll, user } from '../testing/fixtures';
import { CACHE_KEY } from '../state/share-cache';

/** The address the viewer names its share by: the page's own, whatever its query. */
const SHARE_URL = `${window.location.origin}/s/demo-public`;

function setup(options: FakeHostOptions = {}, view: 'share' | 'not-found' = 'share') {
  const fake = createFakeHost(options);
  const utils = render(<ShareViewer host={fake.host} view={view} shareCode="demo-public" />);
  return { ...fake, ...utils };
}

const folder = item({ id: 1, name: 'Photos', is_folder: 1, media_type: 0, total_size: 0 });
const pdf = item({ id: 2, name: 'report.docx', total_size: 512, update_time: 0 });
const video = item({
  id: 3,
  name: 'clip.mp4',
  media_type: 2,
  duration: 70,
  total_size: 1024 ** 2 * 3,
});
const inner = item({ id: 4, name: 'beach.jpg', media_type: 1, thumb_url: 'javascript:alert(1)' });

beforeAll(stubWindowScroll);

// ALTCHA's widget solves in Web Workers, which jsdom lacks: here it hands a payload back at once.
jest.mock('../features/extract-code/altcha-widget', () => ({
  createAltchaWidget: (_challenge: object, _texts: object, onSolved: (payload: string) => void) => {
    setTimeout(() => onSolved('solved-payload'), 0);
    return document.createElement('div');
  },
}));

/** The QR codes load lazily; wait for both so the suspense ends inside the test. */
async function qrCodesLoaded() {
  for (const store of ['Android store', 'iOS store']) {
    const qr = screen.getByRole('img', { name: `QR code of the ${store}` });
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
  }
}

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('the exposed module', () => {
  it('renders the not-found view for view="not-found" without a lookup', async () => {
    const { record } = setup({}, 'not-found');
    expect(screen.getByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(record.apiCalls).toHaveLength(0);
    await qrCodesLoaded();
  });
});

describe("the shell's prefetched answers", () => {
  /** The viewer with answers the shell prefetched for this page, and API handlers for the rest. */
  function setupWithPrefetch(
    prefetched: PrefetchedShare,
    options: FakeHostOptions = {},
    firstScreen?: SharePrefetch['firstScreen'],
  ) {
    const fake = createFakeHost(options);
    const sharePrefetch: SharePrefetch = {
      take: (url) => (url === SHARE_URL ? prefetched : null),
      ...(firstScreen ? { firstScreen } : {}),
    };
    render(
      <ShareViewer
        host={fake.host}
        view="share"
        shareCode="demo-public"
        sharePrefetch={sharePrefetch}
      />,
    );
    return fake;
  }

  it('shows the list from them without asking the API again', async () => {
    const fake = setupWithPrefetch({
      info: Promise.resolve(shareInfo()),
      rootList: Promise.resolve([folder, pdf]),
    });
    expect(await screen.findByRole('button', { name: 'report.docx' })).toBeInTheDocument();
    expect(screen.getByText('2 file(s) selected')).toBeInTheDocument();
    expect(fake.record.apiCalls).toEqual([]);
  });

  it('shows the list the page carried in its first render', async () => {
    const fake = setupWithPrefetch(
      { info: Promise.resolve(shareInfo()), rootList: Promise.resolve([folder, pdf]) },
      {},
      (url) => (url === SHARE_URL ? { info: shareInfo(), rootList: [folder, pdf] } : null),
    );
    // No waiting: the rows are there as soon as the viewer has rendered once.
    expect(screen.getByRole('button', { name: 'report.docx' })).toBeInTheDocument();
    expect(screen.getByText('2 file(s) selected')).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.record.events.map((event) => event.name)).toContain('share_view_details_enter'),
    );
    expect(fake.record.apiCalls).toEqual([]);
  });

  it('shows the timeout message at once when the prefetch timed out, without asking again', async () => {
    const fake = setupWithPrefetch({
      info: Promise.resolve('timeout'),
      rootList: Promise.resolve(null),
    });
    expect(
      await screen.findByRole('heading', { name: '404 - Page Not Found' }),
    ).toBeInTheDocument();
    expect(fake.record.toasts).toEqual(['Request timed out, please try again later.']);
    expect(fake.record.apiCalls).toEqual([]);
    await qrCodesLoaded();
  });

  it('asks the API itself for what the prefetch could not get', async () => {
    const fake = setupWithPrefetch(
      { info: Promise.resolve(null), rootList: Promise.resolve(null) },
      {
        api: {
          '/share/info': () => ok(shareInfo()),
          '/share/detail': () => ok({ file_list: [video] }),
        },
      },
    );
    expect(await screen.findByRole('button', { name: 'clip.mp4' })).toBeInTheDocument();
    expect(fake.record.apiCalls.map((call) => call.path)).toEqual(['/share/info', '/share/detail']);
  });
});

describe('page init and the status view', () => {
  it('names its share by the code of its props, not by the address bar', async () => {
    window.history.pushState({}, '', '/s/demo-public/?pwd=ab12#files');
    try {
      const { record } = setup({ api: { '/share/info': () => new Promise(() => undefined) } });
      expect(record.apiCalls[0]?.body).toEqual({ share_url: SHARE_URL });
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('shows not-found without a lookup for a code no share can have', async () => {
    const fake = createFakeHost();
    render(<ShareViewer host={fake.host} view="share" shareCode="a b" />);
    expect(
      await screen.findByRole('heading', { name: '404 - Page Not Found' }),
    ).toBeInTheDocument();
    expect(fake.record.apiCalls).toEqual([]);
    await qrCodesLoaded();
  });

  it('shows a blank area while loading, then not-found for code 4004', async () => {
    let answer: (value: ApiEnvelope<ShareInfo>) => void = () => undefined;
    const { record, container } = setup({
      api: { '/share/info': () => new Promise((resolve) => (answer = resolve)) },
    });
    expect(container.textContent).toBe('');
    expect(record.apiCalls[0]).toEqual({
      path: '/share/info',
      body: { share_url: SHARE_URL },
    });
    await act(async () => answer(fail<ShareInfo>(4004, 'Share not found')));
    expect(
      await screen.findByRole('heading', { name: '404 - Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Nimbus App' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Android store' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'iOS store' })).toBeInTheDocument();
    // Not a dead end: the home page opens another link.
    expect(screen.getByRole('link', { name: 'Open another share link' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(record.toasts).toEqual([]);
    await qrCodesLoaded();
  });

  it.each([
    [2, 'Share canceled'],
    [3, 'Share expired'],
    [4, 'The file has been deleted by the sharer'],
  ])('status %i shows %s with the download button', async (status, title) => {
    const { record } = setup({
      platform: 'android',
      api: { '/share/info': () => ok(shareInfo({ status: status as 2 | 3 | 4 })) },
    });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download Nimbus App' }));
    expect(record.deepLinks).toEqual([{ path: 'default' }]);
    expect(screen.getByRole('img', { name: 'QR code of the Android store' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of the iOS store' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open another share link' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(record.apiCalls.map((call) => call.path)).toEqual(['/share/info']);
    await qrCodesLoaded();
  });

  it('opens the download dialog from the status view on PC', async () => {
    const { record } = setup({
      platform: 'other',
      api: { '/share/info': () => ok(shareInfo({ status: 3 })) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download Nimbus App' }));
    expect(record.downloadDialogOpened).toBe(1);
    expect(record.deepLinks).toEqual([]);
    await qrCodesLoaded();
  });

  it('shows not-found for an unknown status value', async () => {
    setup({ api: { '/share/info': () => ok(shareInfo({ status: 9 as 1 })) } });
    expect(
      await screen.findByRole('heading', { name: '404 - Page Not Found' }),
    ).toBeInTheDocument();
    await qrCodesLoaded();
  });

  it('treats status 0 as valid', async () => {
    setup({
      api: {
        '/share/info': () => ok(shareInfo({ status: 0 })),
        '/share/detail': () => ok({ file_list: [pdf] }),
      },
    });
    expect(await screen.findByRole('button', { name: 'report.docx' })).toBeInTheDocument();
  });
});

describe('the file list of a public share', () => {
  function publicShare(options: FakeHostOptions = {}) {
    return setup({
      api: {
        '/share/info': () =>
          ok(shareInfo({ expiry_time: Math.floor(Date.now() / 1000) + 3 * 86400 + 60 })),
        '/share/detail': (body) =>
          ok({ file_list: body.folder_id === 1 ? [inner] : [folder, pdf, video] }),
        ...options.api,
      },
      ...options,
    });
  }

  it('titles a share without a name by its sharer, and counts one file as one', async () => {
    publicShare({
      api: {
        '/share/info': () => ok(shareInfo({ share_name: '  ', file_count: 1, total_size: 512 })),
      },
    });
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Sam')).toBeInTheDocument();
    expect(within(header).queryByText('Holiday')).not.toBeInTheDocument();
    expect(within(header).getByText('1 file · 512 B')).toBeInTheDocument();
  });

  it('shows the header, rows, sizes and times, all selected', async () => {
    const { record } = publicShare();
    expect(await screen.findByRole('button', { name: 'report.docx' })).toBeInTheDocument();
    // What the share is: its name, its sharer, its expiry and what it holds at every depth.
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Holiday')).toBeInTheDocument();
    expect(within(header).getByText('Sam')).toBeInTheDocument();
    expect(within(header).getByText('Expires in 3 days')).toBeInTheDocument();
    expect(within(header).getByText('8 files · 35.2 MB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(screen.getByText('512 B')).toBeInTheDocument();
    expect(screen.getByText('3.0 MB')).toBeInTheDocument();
    expect(screen.getByText('00:01:10')).toBeInTheDocument();
    expect(screen.getByText('3 file(s) selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deselect all' })).toBeInTheDocument();
    for (const name of ['Photos', 'report.docx', 'clip.mp4']) {
      expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
    }
    expect(record.events.map((event) => event.name)).toContain('share_view_details_enter');
    expect(record.apiCalls[1]).toEqual({
      path: '/share/detail',
      body: {
        share_id: 11,
        share_code: 'demo-public',
        extract_code: '',
        page: { current_page: 1, page_size: 1000 },
      },
    });
  });

  it('toggles items and the select-all control', async () => {
    publicShare();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select report.docx' }));
    expect(screen.getByRole('checkbox', { name: 'Select report.docx' })).not.toBeChecked();
    expect(screen.getByText('2 file(s) selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByText('3 file(s) selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deselect all' }));
    expect(screen.getByText('Total 3 file(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select all' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in and save' })).toBeDisabled();
  });

  it('opens a folder (all selected again), shows the breadcrumb and goes back by a crumb', async () => {
    const { record } = publicShare({ platform: 'android' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select report.docx' }));
    await userEvent.click(screen.getByRole('button', { name: 'Photos' }));
    expect(await screen.findByRole('button', { name: 'beach.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select beach.jpg' })).toBeChecked();
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByText('Photos')).toHaveAttribute('aria-current', 'page');
    // The header shows only at the root on phones.
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    // The thumbnail with a javascript: url is not rendered.
    expect(document.querySelector('img[src^="javascript"]')).toBeNull();
    expect(record.apiCalls.at(-1)).toEqual({
      path: '/share/detail',
      body: {
        share_id: 11,
        share_code: 'demo-public',
        extract_code: '',
        folder_id: 1,
        page: { current_page: 1, page_size: 1000 },
      },
    });
    await userEvent.click(within(crumbs).getByRole('button', { name: 'Nimbus Sharing' }));
    expect(await screen.findByRole('button', { name: 'report.docx' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select report.docx' })).toBeChecked();
    expect(screen.queryByRole('navigation', { name: 'Folder path' })).not.toBeInTheDocument();
  });

  it('moves the focus to the heading of the folder a key opened, and back at the root', async () => {
    publicShare({ platform: 'android' });
    const photos = await screen.findByRole('button', { name: 'Photos' });
    // The page opened on the list: its heading does not take the focus by itself.
    expect(screen.getByRole('heading', { level: 1, name: 'Holiday' })).not.toHaveFocus();
    photos.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Photos' })).toHaveFocus(),
    );
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    within(crumbs).getByRole('button', { name: 'Nimbus Sharing' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Holiday' })).toHaveFocus(),
    );
  });

  it('keeps the header inside subfolders on PC', async () => {
    publicShare({ platform: 'other' });
    await userEvent.click(await screen.findByRole('button', { name: 'Photos' }));
    await screen.findByRole('button', { name: 'beach.jpg' });
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
  });

  describe('a folder larger than one page', () => {
    const photos = Array.from({ length: 2500 }, (_, index) =>
      item({ name: `photo-${String(index + 1).padStart(4, '0')}.jpg`, media_type: 1 }),
    );
    /** Pages 2 and 3 wait until the test lets them answer (or fail). */
    function largeFolder() {
      const later: { page: number; answer(failed?: boolean): void }[] = [];
      const fake = setup({
        platform: 'android',
        api: {
          '/share/info': () => ok(shareInfo()),
          '/share/detail': ({ page }) => {
            const current = page?.current_page ?? 1;
            const envelope = ok({
              file_list: photos.slice((current - 1) * 1000, current * 1000),
              total: photos.length,
            });
            if (current === 1) return envelope;
            return new Promise((resolve) =>
              later.push({
                page: current,
                answer: (failed) => resolve(failed ? fail(5000, 'Server busy') : envelope),
              }),
            );
          },
        },
      });
      const answerLaterPages = async (failed = false) => {
        await waitFor(() => expect(later).toHaveLength(2));
        await act(async () => later.forEach((pending) => pending.answer(failed)));
      };
      return { ...fake, later, answerLaterPages };
    }

    it('shows the first page at once, counts the whole folder and waits for the rest to save', async () => {
      const { record, later, answerLaterPages } = largeFolder();
      expect(await screen.findByRole('button', { name: 'photo-0001.jpg' })).toBeInTheDocument();
      expect(screen.getByText(/^2,?500 file\(s\) selected$/)).toBeInTheDocument();
      const save = screen.getByRole('button', { name: 'Log in and save' });
      expect(save).toBeDisabled();
      expect(save).toHaveAttribute('aria-busy', 'true');

      await answerLaterPages();
      expect(later.map((pending) => pending.page)).toEqual([2, 3]);
      await waitFor(() => expect(save).toBeEnabled());
      expect(save).not.toHaveAttribute('aria-busy');
      expect(screen.getByText(/^2,?500 file\(s\) selected$/)).toBeInTheDocument();
      expect(
        record.apiCalls.filter((call) => call.path === '/share/detail').map((call) => call.body),
      ).toEqual(
        [1, 2, 3].map((current) => ({
          share_id: 11,
          share_code: 'demo-public',
          extract_code: '',
          page: { current_page: current, page_size: 1000 },
        })),
      );
    });

    it('keeps Deselect all for the pages that arrive after it', async () => {
      const { answerLaterPages } = largeFolder();
      await screen.findByRole('button', { name: 'photo-0001.jpg' });
      await userEvent.click(screen.getByRole('button', { name: 'Deselect all' }));
      expect(screen.getByText(/^Total 2,?500 file\(s\)$/)).toBeInTheDocument();
      await answerLaterPages();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Select all' })).toBeEnabled());
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Log in and save' })).not.toHaveAttribute(
          'aria-busy',
        ),
      );
      expect(screen.getByText(/^Total 2,?500 file\(s\)$/)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
      expect(screen.getByText(/^2,?500 file\(s\) selected$/)).toBeInTheDocument();
    });

    it('ends the list with what arrived when a later page fails', async () => {
      const { record, answerLaterPages } = largeFolder();
      await screen.findByRole('button', { name: 'photo-0001.jpg' });
      await answerLaterPages(true);
      await waitFor(() =>
        expect(screen.getByText(/^1,?000 file\(s\) selected$/)).toBeInTheDocument(),
      );
      expect(screen.getByRole('button', { name: 'Log in and save' })).toBeEnabled();
      expect(record.apiCalls.filter((call) => call.path === '/share/detail')).toHaveLength(3);
    });
  });

  it('shows "No files" for an empty share, and why', async () => {
    setup({
      api: {
        '/share/info': () => ok(shareInfo()),
        '/share/detail': () => ok({ file_list: [] }),
      },
    });
    expect(await screen.findByText('No files')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The person who shared this link has not added any files yet, or has removed them.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Total 0 file(s)')).toBeInTheDocument();
  });

  it('shows a spinner while the list loads', async () => {
    setup({
      api: {
        '/share/info': () => ok(shareInfo()),
        '/share/detail': () => new Promise(() => undefined),
      },
    });
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('reports a preview click and refuses files that cannot be previewed', async () => {
    const { record } = publicShare();
    await userEvent.click(await screen.findByRole('button', { name: 'report.docx' }));
    expect(record.toasts).toEqual(['This file type does not support preview']);
    expect(record.events.map((event) => event.name)).toEqual(
      expect.arrayContaining(['share_preview_click', 'share_preview_fail']),
    );
    // Media opens the full-screen preview instead (features/preview has its tests).
    await userEvent.click(screen.getByRole('button', { name: 'clip.mp4' }));
    expect(await screen.findByRole('dialog', { name: 'Preview of clip.mp4' })).toBeInTheDocument();
    expect(
      record.toasts.filter((text) => text === 'This file type does not support preview'),
    ).toHaveLength(1);
  });
});

describe('the extract-code screen', () => {
  const privateInfo = shareInfo({
    share_type: 2,
    share_code: 'demo-private',
    expiry_time: Math.floor(Date.now() / 1000) + 5 * 3600 - 30,
  });

  function privateShare(options: FakeHostOptions = {}) {
    return setup({
      api: {
        '/share/info': () => ok(privateInfo),
        '/share/detail': (body) =>
          body.extract_code === 'ab12'
            ? ok({ file_list: [pdf] })
            : fail(4002, 'Invalid extract code'),
      },
      ...options,
    });
  }

  it('shows the sharer, the input and the expiry', async () => {
    const { record } = privateShare();
    expect(await screen.findByText('has shared files with you')).toBeInTheDocument();
    expect(screen.getByText('Sam')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Please enter the extract code')).toBeInTheDocument();
    expect(screen.getByText('Expires in 5 hours')).toBeInTheDocument();
    expect(record.events.map((event) => event.name)).toContain('share_view_code_enter');
  });

  it('asks for a code first', async () => {
    const { record } = privateShare();
    await userEvent.click(await screen.findByRole('button', { name: 'Extract file' }));
    expect(record.toasts).toEqual(['Please enter the extract code first']);
    expect(record.apiCalls.map((call) => call.path)).toEqual(['/share/info']);
  });

  it('truncates to 4 characters and clears with the clear button', async () => {
    privateShare();
    const input = await screen.findByRole('textbox', { name: 'Extract code' });
    await userEvent.type(input, 'abcdef');
    expect(input).toHaveValue('abcd');
    await userEvent.click(screen.getByRole('button', { name: 'Clear extract code' }));
    expect(input).toHaveValue('');
  });

  it('says "Invalid extract code" for a wrong code', async () => {
    const { record } = privateShare();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Extract code' }), 'zz99');
    await userEvent.click(screen.getByRole('button', { name: 'Extract file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid extract code');
    expect(record.toasts).toEqual([]);
  });

  it('says why a code was refused and when to try again, inline, and waits until then', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    try {
      const { record } = setup({
        api: {
          '/share/info': () => ok(privateInfo),
          // A refusal's data is not the route's answer type: RetryAfterData.
          '/share/detail': () =>
            ({
              code: 4029,
              msg: 'Too many wrong extract codes. Please try again later.',
              data: { retry_after: 540 },
            }) as unknown as ApiEnvelope<ShareDetail>,
        },
      });
      await user.type(await screen.findByRole('textbox', { name: 'Extract code' }), 'zz99');
      const extract = screen.getByRole('button', { name: 'Extract file' });
      await user.click(extract);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Too many wrong extract codes. Please try again in 9 minutes.',
      );
      expect(extract).toBeDisabled();
      expect(record.toasts).toEqual([]);
      act(() => {
        jest.advanceTimersByTime(540_000);
      });
      expect(extract).toBeEnabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('on a share under attack, sends the code again with the solved proof of work', async () => {
    const { record } = setup({
      api: {
        '/share/info': () => ok(privateInfo),
        '/share/detail': (body) =>
          body.altcha === 'solved-payload'
            ? ok({ file_list: [pdf] })
            : ({
                code: 4030,
                msg: 'This share is receiving many wrong codes.',
                data: { challenge: { parameters: {} } },
              } as unknown as ApiEnvelope<ShareDetail>),
      },
    });
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Extract code' }),
      'ab12{Enter}',
    );
    expect(await screen.findByRole('button', { name: 'report.docx' })).toBeInTheDocument();
    const sent = record.apiCalls.filter((call) => call.path === '/share/detail');
    expect(sent.map((call) => call.body)).toEqual([
      expect.not.objectContaining({ altcha: expect.anything() }),
      expect.objectContaining({ extract_code: 'ab12', altcha: 'solved-payload' }),
    ]);
    expect(record.toasts).toEqual([]);
  });

  it('moves the focus from the code to the list that replaces it', async () => {
    privateShare();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sam has shared files with you' }),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Extract code' }), 'ab12{Enter}');
    expect(await screen.findByRole('button', { name: 'report.docx' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Holiday' })).toHaveFocus();
  });

  it('shows the list for the right code and restores it from the session cache on reload', async () => {
    const first = privateShare();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Extract code' }), 'ab12');
    await userEvent.click(screen.getByRole('button', { name: 'Extract file' }));
    expect(await screen.findByRole('button', { name: 'report.docx' })).toBeInTheDocument();
    const cache = JSON.parse(window.sessionStorage.getItem(CACHE_KEY) ?? '[]');
    expect(cache).toEqual([{ extractCode: 'ab12', shareUrl: SHARE_URL, fileList: [pdf] }]);
    first.unmount();

    const second = privateShare();
    expect(await screen.findByRole('button', { name: 'report.docx' })).toBeInTheDocument();
    expect(second.record.apiCalls.map((call) => call.path)).toEqual(['/share/info']);
  });
});

describe('save button variants', () => {
  const api = {
    '/share/info': () => ok(shareInfo()),
    '/share/detail': () => ok({ file_list: [pdf] }),
  };

  it('anonymous: "Log in and save", no folder selector', async () => {
    setup({ platform: 'android', api });
    expect(await screen.findByRole('button', { name: 'Log in and save' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Save to From/ })).not.toBeInTheDocument();
  });

  it('sharer: disabled "Cannot save files that you have shared", no folder selector', async () => {
    setup({
      platform: 'android',
      api,
      session: { token: 't', user: user({ user_id: SHARER_ID }) },
    });
    expect(
      await screen.findByRole('button', { name: 'Cannot save files that you have shared' }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Save to From/ })).not.toBeInTheDocument();
  });

  it('logged in on a phone: "Save to cloud" and the "Save to" selector', async () => {
    setup({ platform: 'ios', api, session: { token: 't', user: user() } });
    expect(await screen.findByRole('button', { name: 'Save to cloud' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save to From Share' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select report.docx' }));
    expect(screen.getByRole('button', { name: 'Save to cloud' })).toBeDisabled();
  });

  it('logged in on PC: no selector, the save button is in the header', async () => {
    setup({ platform: 'other', api, session: { token: 't', user: user() } });
    expect(await screen.findByRole('button', { name: 'Save to cloud' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Save to From/ })).not.toBeInTheDocument();
  });
});

describe('the report dialog', () => {
  it('submits the trimmed reason, counts up to 300 and clears on each open', async () => {
    const { record } = setup({
      api: {
        '/share/info': () => ok(shareInfo()),
        '/share/detail': () => ok({ file_list: [pdf] }),
        '/share/report': () => ok({ id: 1 }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reason for reporting' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    const text = within(dialog).getByPlaceholderText(
      'Please write down your suggestions or opinions here',
    );
    expect(text).toHaveFocus();
    await userEvent.type(text, '  spam  ');
    expect(within(dialog).getByText('8/300')).toBeInTheDocument();
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(record.apiCalls.at(-1)).toEqual({
      path: '/share/report',
      body: { share_code: 'demo-public', content: 'spam' },
    });
    expect(record.toasts).toEqual(['Submission successful']);

    await userEvent.click(screen.getByRole('button', { name: 'Report' }));
    const again = await screen.findByRole('dialog', { name: 'Reason for reporting' });
    expect(within(again).getByRole('textbox')).toHaveValue('');
    await userEvent.click(within(again).getByRole('textbox'));
    await userEvent.paste('x'.repeat(320));
    expect(within(again).getByRole('textbox')).toHaveValue('x'.repeat(300));
    expect(within(again).getByText('300/300')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps whitespace-only reasons from being submitted', async () => {
    setup({
      api: {
        '/share/info': () => ok(shareInfo()),
        '/share/detail': () => ok({ file_list: [pdf] }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    await userEvent.type(screen.getByRole('textbox'), '   ');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });
});
