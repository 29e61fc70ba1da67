import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost, type FakeHostOptions } from 'shared-contracts/testing';
import type { ShareInfo, SharePrefetch } from 'shared-contracts';
import { item, ok, shareInfo, stubWindowScroll } from '../testing/fixtures';
import ShareViewer from './share-viewer';

beforeAll(stubWindowScroll);
beforeEach(() => window.sessionStorage.clear());

/**
 * The viewer over a page that painted a code prompt or a status view: the page's answers carry
 * the share's info and no list (`SharePrefetch.pageInfo`), or say the code names no share.
 */
function openOver(
  shareCode: string,
  pageInfo: ShareInfo | 'not-found',
  options: FakeHostOptions = {},
) {
  const fake = createFakeHost(options);
  const url = `${window.location.origin}/s/${shareCode}`;
  let taken = false;
  const sharePrefetch: SharePrefetch = {
    take: (asked) => {
      if (asked !== url || taken) return null;
      taken = true;
      return {
        info: Promise.resolve(pageInfo === 'not-found' ? null : pageInfo),
        rootList: Promise.resolve(null),
      };
    },
    pageInfo: (asked) => (asked === url && !taken ? pageInfo : null),
  };
  render(
    <ShareViewer
      host={fake.host}
      view="share"
      shareCode={shareCode}
      sharePrefetch={sharePrefetch}
    />,
  );
  return fake;
}

describe('the first render over a screen the page painted', () => {
  it("is the protected share's code prompt at once, which then works as ever", async () => {
    const fake = openOver('demo-private', shareInfo({ share_type: 2 }), {
      api: { '/share/detail': () => ok({ file_list: [item({ id: 2, name: 'report.pdf' })] }) },
    });
    // No waiting: the prompt is there in the first render, as the page painted it.
    const field = screen.getByRole('textbox', { name: 'Extract code' });
    await userEvent.type(field, 'ab12');
    await userEvent.click(screen.getByRole('button', { name: 'Extract file' }));
    expect(await screen.findByRole('button', { name: 'report.pdf' })).toBeInTheDocument();
    expect(fake.record.apiCalls.map((call) => call.path)).toEqual(['/share/detail']);
  });

  it("is a closed share's status view at once", async () => {
    openOver('demo-expired', shareInfo({ status: 3 }));
    expect(screen.getByRole('heading', { name: 'Share expired' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /Android/ }).querySelector('svg')).not.toBeNull(),
    );
  });

  it('is the not-found view at once for a code that names no share, confirmed by the API', async () => {
    const fake = openOver('nope', 'not-found');
    expect(screen.getByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.record.apiCalls.map((call) => call.path)).toEqual(['/share/info']),
    );
    expect(screen.getByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /Android/ }).querySelector('svg')).not.toBeNull(),
    );
  });
});
