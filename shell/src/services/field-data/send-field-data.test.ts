import type { FieldBeacon } from 'shared-contracts/page';
import type { FieldVisit } from './field-recorder';
import { sendOnLeave } from './leave-beacon';
import { measureVitals } from './send-field-data';

type Report = (metric: {
  name: string;
  value: number;
  attribution: Record<string, string>;
}) => void;
const reporters = new Map<string, Report>();

jest.mock('web-vitals/attribution', () => {
  const keep = (name: string) => (report: Report) => void reporters.set(name, report);
  return {
    onLCP: keep('LCP'),
    onCLS: keep('CLS'),
    onFCP: keep('FCP'),
    onTTFB: keep('TTFB'),
    onINP: keep('INP'),
  };
});

function hide() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('the beacon of a visit', () => {
  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('is sent once, when the page hides, with the latest values and nothing personal', async () => {
    const sendBeacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    const visit: FieldVisit = {
      remotes: new Map([['share', { name: 'share', release: 'abc123', track: 'stable' }]]),
      errors: [],
    };
    const leave = sendOnLeave({ page: 'share_list', shell: 'abc123' }, visit);
    measureVitals(leave);
    leave.listenLast();
    reporters.get('LCP')?.({ name: 'LCP', value: 900.4, attribution: { target: 'div.ns-row' } });
    reporters.get('LCP')?.({
      name: 'LCP',
      value: 1200.6,
      attribution: { target: 'img.ns-row__img' },
    });
    reporters.get('CLS')?.({ name: 'CLS', value: 0.04321, attribution: {} });
    reporters.get('INP')?.({
      name: 'INP',
      value: 48,
      attribution: { interactionTarget: 'input.ns-row__checkbox' },
    });
    reporters.get('FCP')?.({ name: 'FCP', value: 700, attribution: {} });
    reporters.get('TTFB')?.({ name: 'TTFB', value: 120, attribution: {} });

    hide();
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/field/beacon');
    expect(body.type).toBe('application/json');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(body);
    });
    const beacon = JSON.parse(text) as FieldBeacon;
    expect(beacon).toEqual({
      page: 'share_list',
      platform: 'other',
      connection: 'unknown',
      shell: 'abc123',
      remotes: [{ name: 'share', release: 'abc123', track: 'stable' }],
      vitals: { lcp: 1201, cls: 0.043, inp: 48, fcp: 700, ttfb: 120 },
      errors: [],
      attribution: { lcp: 'img.ns-row__img', inp: 'input.ns-row__checkbox' },
    });
    expect(text).not.toMatch(/localhost|http/);
  });

  it("keeps the browser's copy of the beacon up to date as each value comes", () => {
    jest.useFakeTimers();
    const fetchLater = jest.fn((_url: string, _init: RequestInit) => ({ activated: false }));
    const win = Object.assign(new EventTarget(), {
      document: new EventTarget(),
      navigator: { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' },
      innerWidth: 1280,
      setTimeout: (handler: () => void, delay: number) => setTimeout(handler, delay),
      fetchLater,
    }) as unknown as Window;
    const leave = sendOnLeave(
      { page: 'home', shell: 'abc123' },
      { remotes: new Map(), errors: [] },
      win,
    );
    measureVitals(leave);
    reporters.get('FCP')?.({ name: 'FCP', value: 640, attribution: {} });
    reporters.get('LCP')?.({ name: 'LCP', value: 910, attribution: {} });
    jest.runOnlyPendingTimers();
    jest.useRealTimers();
    const latest = fetchLater.mock.calls.at(-1)?.[1];
    expect(JSON.parse(String(latest?.body))).toMatchObject({ vitals: { fcp: 640, lcp: 910 } });
    expect((latest?.signal as AbortSignal).aborted).toBe(false);
    expect(fetchLater.mock.calls.filter(([, init]) => !init.signal?.aborted)).toHaveLength(1);
  });
});
