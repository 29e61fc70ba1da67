import {
  START_AFTER_FIRST_PAINT_FALLBACK_MS,
  START_AFTER_FIRST_PAINT_SCRIPT,
} from './first-screen-start';
import { runInlineScript } from '../testing/inline-script';

/** A paint observer the test reports paints to (jsdom has no paint timing). */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static instances: FakePaintObserver[] = [];
  disconnected = false;
  constructor(private readonly callback: PerformanceObserverCallback) {
    FakePaintObserver.instances.push(this);
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  report(name: string) {
    const entries = [{ name, entryType: 'paint' }] as PerformanceEntry[];
    const list = {
      getEntries: () => entries,
      getEntriesByName: (wanted: string) => entries.filter((entry) => entry.name === wanted),
      getEntriesByType: () => entries,
    } as PerformanceObserverEntryList;
    if (!this.disconnected) this.callback(list, this as unknown as PerformanceObserver);
  }
}

/** Runs the starter as the page's head would, from its own element. */
function runStarter({ atFirstPaint = '/react-dom.js' } = {}) {
  runInlineScript(START_AFTER_FIRST_PAINT_SCRIPT, {
    'data-entry': '/main.js',
    'data-request-at-first-paint': atFirstPaint,
  });
}

const entryScripts = () => document.head.querySelectorAll('script[src="/main.js"]');
const requestedAtFirstPaint = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map(
    (link) => link.getAttribute('href'),
  );

let visibility: DocumentVisibilityState;
let readyState: DocumentReadyState;
beforeEach(() => {
  jest.useFakeTimers();
  document.head.innerHTML = '';
  visibility = 'visible';
  readyState = 'complete';
  jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  jest.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  FakePaintObserver.instances = [];
  Object.assign(window, { PerformanceObserver: FakePaintObserver });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  Reflect.deleteProperty(window, 'PerformanceObserver');
});

describe('the starter of the app over a first screen', () => {
  it('runs the entry and requests react-dom once the first screen is painted', () => {
    runStarter({ atFirstPaint: '/react-dom.js /more.js' });
    expect(entryScripts()).toHaveLength(0);
    expect(requestedAtFirstPaint()).toEqual([]);

    FakePaintObserver.instances[0]?.report('first-paint');
    expect(entryScripts()).toHaveLength(0);

    FakePaintObserver.instances[0]?.report('first-contentful-paint');
    expect(entryScripts()).toHaveLength(1);
    expect(requestedAtFirstPaint()).toEqual(['/react-dom.js', '/more.js']);
    expect(FakePaintObserver.instances[0]?.disconnected).toBe(true);

    // The fallback later does not start it a second time.
    jest.advanceTimersByTime(START_AFTER_FIRST_PAINT_FALLBACK_MS);
    expect(entryScripts()).toHaveLength(1);
  });

  it('waits for the document to be parsed, as a deferred script', () => {
    readyState = 'loading';
    runStarter();
    expect(FakePaintObserver.instances).toHaveLength(0);

    readyState = 'interactive';
    document.dispatchEvent(new Event('DOMContentLoaded'));
    FakePaintObserver.instances[0]?.report('first-contentful-paint');
    expect(entryScripts()).toHaveLength(1);
  });

  it('starts at once where no paint will be reported: no paint timing, or a hidden page', () => {
    Reflect.deleteProperty(window, 'PerformanceObserver');
    runStarter();
    expect(entryScripts()).toHaveLength(1);
    expect(requestedAtFirstPaint()).toEqual(['/react-dom.js']);

    document.head.innerHTML = '';
    Object.assign(window, { PerformanceObserver: FakePaintObserver });
    visibility = 'hidden';
    runStarter();
    expect(entryScripts()).toHaveLength(1);
  });

  it('starts when the page is hidden before its first paint, which then is never reported', () => {
    runStarter();
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(entryScripts()).toHaveLength(1);
  });

  it('starts after the fallback time when no paint is reported at all', () => {
    runStarter({ atFirstPaint: '' });
    jest.advanceTimersByTime(START_AFTER_FIRST_PAINT_FALLBACK_MS - 1);
    expect(entryScripts()).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(entryScripts()).toHaveLength(1);
    expect(requestedAtFirstPaint()).toEqual([]);
  });
});
