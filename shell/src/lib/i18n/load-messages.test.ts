import { PAGE_MESSAGES_ELEMENT_ID } from 'shared-contracts/page';
import { carryJsonInPage } from '../../testing/json-in-page';
import { JsonResponse } from '../../testing/json-response';
import { loadMessages } from './load-messages';

const ARABIC = { close: ['إغلاق'], totalFiles: ['المجموع ', ['count']] };

/** The files the test's network answers, by URL; anything else is a 404. */
function serveFiles(files: Record<string, string>) {
  const fetched: string[] = [];
  const fetch = jest.fn((url: string) => {
    fetched.push(url);
    const body = files[url];
    return Promise.resolve(
      body === undefined
        ? { ok: false, status: 404, json: () => Promise.reject() }
        : new JsonResponse(body),
    );
  });
  Object.defineProperty(window, 'fetch', { configurable: true, value: fetch });
  return fetched;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('loading a compiled catalog file', () => {
  it('takes the copy the page carries, by its path on this site, and fetches nothing', async () => {
    const fetched = serveFiles({});
    carryJsonInPage(
      PAGE_MESSAGES_ELEMENT_ID,
      JSON.stringify({ '/remotes/share/messages/ar.1234abcd.json': ARABIC }),
    );
    const url = `${window.location.origin}/remotes/share/messages/ar.1234abcd.json`;
    await expect(loadMessages(url)).resolves.toEqual(ARABIC);
    expect(fetched).toEqual([]);
  });

  it('fetches a file the page does not carry: another version, another origin, or none carried', async () => {
    const local = `${window.location.origin}/messages/ar.9999ffff.json`;
    const elsewhere = 'https://remotes.example/share/messages/ar.1234abcd.json';
    const fetched = serveFiles({ [local]: JSON.stringify(ARABIC), [elsewhere]: '{"close":"x"}' });
    carryJsonInPage(
      PAGE_MESSAGES_ELEMENT_ID,
      JSON.stringify({ '/messages/ar.1234abcd.json': ARABIC }),
    );
    await expect(loadMessages(local)).resolves.toEqual(ARABIC);
    await expect(loadMessages(elsewhere)).resolves.toEqual({ close: 'x' });
    expect(fetched).toEqual([local, elsewhere]);
  });

  it('rejects a file that does not come or is no catalog, with what went wrong', async () => {
    const broken = `${window.location.origin}/messages/ja.1234abcd.json`;
    serveFiles({ [broken]: '["閉じる"]' });
    await expect(
      loadMessages(`${window.location.origin}/messages/ko.1234abcd.json`),
    ).rejects.toThrow(/answered 404/);
    await expect(loadMessages(broken)).rejects.toThrow(/no catalog/);
  });
});
