import { FIELD_BEACON_PATH } from './field-data';
import { LEAVE_BEFORE_START_SCRIPT } from './leave-before-start';
import { runInlineScript } from '../testing/inline-script';

/** Runs the early beacon as the page would, from its own element; returns that element. */
const runEarlyBeacon = ({ rate = '1', page = 'share_list' } = {}) =>
  runInlineScript(LEAVE_BEFORE_START_SCRIPT, {
    'data-field-page': page,
    'data-field-shell': 'shell-1.0.0',
    'data-field-rate': rate,
  });

let visibility: DocumentVisibilityState;
let sendBeacon: jest.Mock<boolean, [string, Blob]>;
let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit]>;
/** Listeners the script added, removed after each test (each test runs it afresh). */
let added: Array<[EventTarget, string, EventListenerOrEventListenerObject]>;

beforeEach(() => {
  document.head.innerHTML = '';
  visibility = 'visible';
  jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  sendBeacon = jest.fn<boolean, [string, Blob]>(() => true);
  fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>(() =>
    Promise.resolve({ ok: true, status: 204 } as Response),
  );
  Object.assign(navigator, { sendBeacon });
  Object.assign(window, { fetch: fetchMock });
  added = [];
  for (const target of [window, document] as EventTarget[]) {
    const add = target.addEventListener.bind(target);
    jest.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
      if (listener) added.push([target, type, listener]);
      add(type, listener, options);
    });
  }
});
afterEach(() => {
  jest.restoreAllMocks();
  for (const [target, type, listener] of added) target.removeEventListener(type, listener);
});

const hide = () => {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
};

const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

async function sentBeacons(): Promise<unknown[]> {
  return Promise.all(
    sendBeacon.mock.calls.map(async ([url, body]) => {
      expect(url).toBe(FIELD_BEACON_PATH);
      expect(body.type).toBe('application/json');
      return JSON.parse(await blobText(body)) as unknown;
    }),
  );
}

describe('the beacon of a visit that leaves before the shell starts', () => {
  it('sends the page kind and shell build, without measures or platform, once the page hides', async () => {
    runEarlyBeacon({ page: 'extract_code' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).not.toHaveBeenCalled();
    hide();
    window.dispatchEvent(new Event('pagehide'));
    expect(await sentBeacons()).toEqual([
      {
        page: 'extract_code',
        connection: 'unknown',
        shell: 'shell-1.0.0',
        remotes: [],
        vitals: {},
        errors: [],
      },
    ]);
  });

  it('sends nothing once the shell has taken the visit over', () => {
    const element = runEarlyBeacon();
    element.setAttribute('data-field-taken', '');
    hide();
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing for a visit outside the sample', () => {
    runEarlyBeacon({ rate: '0' });
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch when sendBeacon refuses', () => {
    sendBeacon.mockReturnValue(false);
    runEarlyBeacon();
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(FIELD_BEACON_PATH);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(init?.body))).toMatchObject({ page: 'share_list', vitals: {} });
  });

  it('counts a page restored from the back-forward cache as a new visit', () => {
    runEarlyBeacon();
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const restored = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(restored, 'persisted', { value: true });
    window.dispatchEvent(restored);
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(2);
  });

  describe('where the browser holds deferred requests (fetchLater)', () => {
    let fetchLater: jest.Mock<unknown, [string, RequestInit]>;
    const signals = () => fetchLater.mock.calls.map(([, init]) => init.signal as AbortSignal);
    beforeEach(() => {
      fetchLater = jest.fn<unknown, [string, RequestInit]>(() => ({ activated: false }));
      Object.assign(window, { fetchLater });
    });
    afterEach(() => {
      Reflect.deleteProperty(window, 'fetchLater');
    });

    it('hands it a copy of the beacon, withdrawn once the leave events send it', () => {
      runEarlyBeacon({ page: 'status' });
      expect(fetchLater).toHaveBeenCalledTimes(1);
      const [url, init] = fetchLater.mock.calls[0] ?? [];
      expect(url).toBe(FIELD_BEACON_PATH);
      expect(init?.method).toBe('POST');
      expect(JSON.parse(String(init?.body))).toMatchObject({ page: 'status', vitals: {} });
      expect(signals()[0]?.aborted).toBe(false);
      window.dispatchEvent(new Event('pagehide'));
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      expect(signals()[0]?.aborted).toBe(true);
    });

    it('withdraws the copy as soon as the shell takes the visit over', async () => {
      const element = runEarlyBeacon();
      element.setAttribute('data-field-taken', '');
      // The script hears of it from a MutationObserver, a microtask later.
      await Promise.resolve();
      expect(signals()[0]?.aborted).toBe(true);
    });

    it('hands a new copy for a page restored from the back-forward cache', () => {
      runEarlyBeacon();
      window.dispatchEvent(new Event('pagehide'));
      const restored = new Event('pageshow') as PageTransitionEvent;
      Object.defineProperty(restored, 'persisted', { value: true });
      window.dispatchEvent(restored);
      expect(signals().map((signal) => signal.aborted)).toEqual([true, false]);
    });

    it('still sends the beacon where the browser refuses to hold a copy', () => {
      fetchLater.mockImplementation(() => {
        throw new DOMException('over the quota', 'QuotaExceededError');
      });
      runEarlyBeacon();
      window.dispatchEvent(new Event('pagehide'));
      expect(sendBeacon).toHaveBeenCalledTimes(1);
    });
  });
});
