import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost, type FakeHostOptions } from 'shared-contracts/testing';
import { fail, item, ok, shareInfo, stubWindowScroll, user } from '../testing/fixtures';
import ShareViewer from './share-viewer';

/**
 * Each screen's document title (WCAG 2.4.2; docs/product.md, "The page frame"): what the screen
 * is, then the product's name; a preview's file name alone while it is open.
 */
const photos = item({ id: 1, name: 'Photos', is_folder: 1, media_type: 0, total_size: 0 });
const beach = item({
  id: 7,
  name: 'beach.jpg',
  media_type: 1,
  download_url: 'https://media.example.com/beach.jpg',
});
const pdf = item({ id: 2, name: 'report.pdf', total_size: 512 });

function open(options: FakeHostOptions & { shareCode?: string; notFound?: boolean } = {}) {
  const fake = createFakeHost({
    platform: 'android',
    ...options,
    api: {
      '/share/info': () => ok(shareInfo()),
      '/share/detail': (body) => ok({ file_list: body.folder_id === 1 ? [beach] : [photos, pdf] }),
      '/share/folder_path': () => ok({ path: [{ id: 1, name: 'Photos' }] }),
      ...options.api,
    },
  });
  render(
    <ShareViewer
      host={fake.host}
      view={options.notFound ? 'not-found' : 'share'}
      shareCode={options.shareCode ?? 'demo-public'}
    />,
  );
  const title = () => fake.record.titles.at(-1);
  return { ...fake, title };
}

beforeAll(stubWindowScroll);
beforeEach(() => window.sessionStorage.clear());

describe('page titles', () => {
  it("names the share's list by the share's name, then each folder, and a preview by its file", async () => {
    const { title } = open();
    await screen.findByRole('button', { name: 'report.pdf' });
    await waitFor(() => expect(title()).toBe('Holiday · Nimbus'));
    await userEvent.click(screen.getByRole('button', { name: 'Photos' }));
    await userEvent.click(await screen.findByRole('button', { name: 'beach.jpg' }));
    await screen.findByRole('dialog', { name: 'Preview of beach.jpg' });
    expect(title()).toBe('beach.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Back to the folder's title, not the bare product name.
    expect(title()).toBe('Photos · Nimbus');
  });

  it('names a share without a name by what its list is', async () => {
    const { title } = open({ api: { '/share/info': () => ok(shareInfo({ share_name: '' })) } });
    await screen.findByRole('button', { name: 'report.pdf' });
    await waitFor(() => expect(title()).toBe('Shared files · Nimbus'));
  });

  it('names the extract-code screen', async () => {
    const { title } = open({
      api: { '/share/info': () => ok(shareInfo({ share_type: 2 })) },
    });
    await screen.findByRole('textbox', { name: 'Extract code' });
    expect(title()).toBe('Enter the extract code · Nimbus');
  });

  it.each([
    [3, 'Share expired · Nimbus'],
    [2, 'Share canceled · Nimbus'],
    [4, 'Share deleted · Nimbus'],
  ] as const)('names a share of status %i "%s"', async (status, expected) => {
    const { title } = open({
      api: { '/share/info': () => ok(shareInfo({ status })) },
    });
    await screen.findByRole('heading', { level: 1 });
    expect(title()).toBe(expected);
  });

  it('names the not-found page, after the configured product', async () => {
    const { title } = open({ notFound: true, config: { productName: 'Cumulus' } });
    await screen.findByRole('heading', { name: '404 - Page Not Found' });
    expect(title()).toBe('Page not found · Cumulus');
  });

  it('names an unknown share as not found', async () => {
    const { title } = open({ api: { '/share/info': () => fail(4004, 'Not found') } });
    await screen.findByRole('heading', { name: '404 - Page Not Found' });
    expect(title()).toBe('Page not found · Nimbus');
  });
});

describe('the selection count behind a dialog', () => {
  it('goes inert with the page while the save dialog is open', async () => {
    open({ platform: 'other', session: { token: 't', user: user() } });
    await screen.findByRole('button', { name: 'report.pdf' });
    const count = screen.getByText('2 file(s) selected');
    expect(count).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(screen.getByRole('button', { name: 'Save to cloud' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save to' });
    expect(count.closest('[inert]')).not.toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(count.closest('[inert]')).toBeNull());
  });
});
