import { render, screen, waitFor } from '@testing-library/react';
import { createFakeHost, type FakeHostOptions } from 'shared-contracts/testing';
import ShareViewer from './share-viewer';
import { fail, item, ok, shareInfo, stubWindowScroll } from '../testing/fixtures';

/** The viewer given the code its share's link carried (`?pwd=`), as the shell hands it on. */

const pdf = item({ id: 2, name: 'report.pdf', total_size: 512, update_time: 0 });

beforeAll(stubWindowScroll);
beforeEach(() => window.sessionStorage.clear());

function open(shareType: 1 | 2, extractCode: string, options: FakeHostOptions = {}) {
  const fake = createFakeHost({
    api: {
      '/share/info': () => ok(shareInfo({ share_type: shareType, share_code: 'demo-private' })),
      // The server's matching: whatever the case, spaces around aside.
      '/share/detail': (body) =>
        shareType === 1 || body.extract_code.trim().toLowerCase() === 'ab12'
          ? ok({ file_list: [pdf] })
          : fail(4002, 'Invalid extract code'),
    },
    ...options,
  });
  render(
    <ShareViewer
      host={fake.host}
      view="share"
      shareCode="demo-private"
      extractCode={extractCode}
    />,
  );
  const codesSent = () =>
    fake.record.apiCalls
      .filter((call) => call.path === '/share/detail')
      .map((call) => (call.body as { extract_code: string }).extract_code);
  return { ...fake, codesSent };
}

describe('a protected share opened by a link with its code', () => {
  it('opens the list, having sent the code once, through the usual extract-code call', async () => {
    const { codesSent, record } = open(2, ' AB12');
    expect(await screen.findByRole('button', { name: 'report.pdf' })).toBeInTheDocument();
    expect(codesSent()).toEqual(['AB12']);
    expect(record.toasts).toEqual([]);
  });

  it('shows the code screen with the usual inline error when the code is wrong', async () => {
    const { codesSent, record } = open(2, 'zzzz');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid extract code');
    expect(screen.getByRole('textbox', { name: 'Extract code' })).toHaveValue('zzzz');
    expect(codesSent()).toEqual(['zzzz']);
    expect(record.toasts).toEqual([]);
  });
});

describe('a public share opened by a link with a code', () => {
  it('shows its list and never sends the code', async () => {
    const { codesSent } = open(1, 'ab12');
    expect(await screen.findByRole('button', { name: 'report.pdf' })).toBeInTheDocument();
    await waitFor(() => expect(codesSent()).toEqual(['']));
  });
});
