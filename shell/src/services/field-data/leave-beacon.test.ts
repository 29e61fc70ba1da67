import type { FieldBeacon } from 'shared-contracts/page';
import type { FieldVisit } from './field-recorder';
import { sendOnLeave } from './leave-beacon';

/** A page of its own per test: its listeners, its visibility, its sendBeacon and fetch. */
function fakePage(sendBeaconAnswer: boolean | 'missing', { deferring = false } = {}) {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const sendBeacon = jest.fn((_url: string, _body: Blob) => sendBeaconAnswer === true);
  const fetch = jest.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response()));
  // The browser's deferred requests (fetchLater), where it has them.
  const fetchLater = jest.fn((_url: string, _init: RequestInit) => ({ activated: false }));
  const win = Object.assign(new EventTarget(), {
    document: doc,
    navigator: {
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7)',
      ...(sendBeaconAnswer === 'missing' ? {} : { sendBeacon }),
    },
    innerWidth: 412,
    setTimeout: (handler: () => void, delay: number) => setTimeout(handler, delay),
    fetch,
    ...(deferring ? { fetchLater } : {}),
  });
  const hide = () => {
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  const restore = () => {
    doc.visibilityState = 'visible';
    const shown = new Event('pageshow');
    Object.defineProperty(shown, 'persisted', { value: true });
    win.dispatchEvent(shown);
  };
  return { win: win as unknown as Window, sendBeacon, fetch, fetchLater, hide, restore };
}

const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const visitOf = (): FieldVisit => ({
  remotes: new Map([['share', { name: 'share', release: 'abc123', track: 'stable' }]]),
  errors: [],
});

describe('the beacon of a visit that leaves', () => {
  it('is sent when the page is left before anything was measured, once', async () => {
    const page = fakePage(true);
    const visit = visitOf();
    sendOnLeave({ page: 'extract_code', shell: 'abc123' }, visit, page.win);
    visit.errors.push({ source: 'shell', kind: 'load', message: 'Loading chunk <n> failed' });
    page.win.dispatchEvent(new Event('pagehide'));
    page.hide();
    expect(page.sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = page.sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe('/field/beacon');
    expect(JSON.parse(await blobText(body as Blob))).toEqual({
      page: 'extract_code',
      platform: 'android',
      connection: 'unknown',
      shell: 'abc123',
      remotes: [{ name: 'share', release: 'abc123', track: 'stable' }],
      vitals: {},
      errors: [{ source: 'shell', kind: 'load', message: 'Loading chunk <n> failed' }],
    } satisfies FieldBeacon);
    expect(page.fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['refuses it', false],
    ['is missing', 'missing'],
  ] as const)('goes by fetch with keepalive when sendBeacon %s', (_case, answer) => {
    const page = fakePage(answer);
    sendOnLeave({ page: 'home', shell: 'abc123' }, visitOf(), page.win);
    page.hide();
    expect(page.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = page.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/field/beacon');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(init?.body))).toMatchObject({ page: 'home', vitals: {} });
  });

  it('sends a new beacon for a page restored from the back-forward cache, with its own values', async () => {
    const page = fakePage(true);
    const beacon = sendOnLeave({ page: 'share_list', shell: 'abc123' }, visitOf(), page.win);
    beacon.measures.vitals.lcp = 1800;
    page.win.dispatchEvent(new Event('pagehide'));
    page.restore();
    // A page only shown again is the same visit.
    page.win.dispatchEvent(new Event('pageshow'));
    beacon.measures.vitals.inp = 40;
    page.hide();
    expect(page.sendBeacon).toHaveBeenCalledTimes(2);
    const bodies = await Promise.all(page.sendBeacon.mock.calls.map(([, body]) => blobText(body)));
    expect(bodies.map((text) => (JSON.parse(text) as FieldBeacon).vitals)).toEqual([
      { lcp: 1800 },
      { inp: 40 },
    ]);
  });

  it('has the browser hold a copy, kept up to date, that it sends if the leave events never run', () => {
    jest.useFakeTimers();
    const page = fakePage(true, { deferring: true });
    const visit = visitOf();
    const beacon = sendOnLeave({ page: 'share_list', shell: 'abc123' }, visit, page.win);
    beacon.measures.vitals.lcp = 1800;
    beacon.refresh();
    beacon.measures.vitals.fcp = 700;
    beacon.refresh();
    jest.runOnlyPendingTimers();
    const copies = page.fetchLater.mock.calls.map(([url, init]) => ({
      url,
      method: init.method,
      vitals: (JSON.parse(String(init.body)) as FieldBeacon).vitals,
      signal: init.signal as AbortSignal,
    }));
    expect(copies.map(({ url, method, vitals }) => ({ url, method, vitals }))).toEqual([
      { url: '/field/beacon', method: 'POST', vitals: {} },
      { url: '/field/beacon', method: 'POST', vitals: { lcp: 1800, fcp: 700 } },
    ]);
    // Only the latest copy stands; the leave events send the beacon and withdraw it, so the
    // visit is counted once.
    expect(copies.map(({ signal }) => signal.aborted)).toEqual([true, false]);
    page.hide();
    expect(page.sendBeacon).toHaveBeenCalledTimes(1);
    expect(copies[1]?.signal.aborted).toBe(true);
    beacon.refresh();
    jest.runOnlyPendingTimers();
    expect(page.fetchLater).toHaveBeenCalledTimes(2);
    // A page restored from the back-forward cache is a new visit, with a copy of its own.
    page.restore();
    expect(page.fetchLater).toHaveBeenCalledTimes(3);
    jest.useRealTimers();
  });

  it('makes no new copy of values reported as the page is left', () => {
    jest.useFakeTimers();
    const page = fakePage(true, { deferring: true });
    const beacon = sendOnLeave({ page: 'share_list', shell: 'abc123' }, visitOf(), page.win);
    // web-vitals reports its last values in the same event as the beacon leaves.
    page.win.document.addEventListener('visibilitychange', () => {
      beacon.measures.vitals.cls = 0.02;
      beacon.refresh();
    });
    beacon.listenLast();
    page.hide();
    jest.runOnlyPendingTimers();
    expect(page.fetchLater).toHaveBeenCalledTimes(1);
    expect(page.sendBeacon).toHaveBeenCalledTimes(1);
    jest.useRealTimers();
  });

  it('still sends the beacon where the browser refuses to hold a copy', () => {
    const page = fakePage(true, { deferring: true });
    page.fetchLater.mockImplementation(() => {
      throw new DOMException('over the quota', 'QuotaExceededError');
    });
    sendOnLeave({ page: 'home', shell: 'abc123' }, visitOf(), page.win);
    page.hide();
    expect(page.sendBeacon).toHaveBeenCalledTimes(1);
  });
});
