import '@testing-library/jest-dom';

// jsdom's Performance has no User Timing; the start-up marks its steps with it (a no-op here).
if (typeof window !== 'undefined' && typeof performance.mark !== 'function') {
  Object.defineProperty(performance, 'mark', {
    value: () => undefined,
    writable: true,
    configurable: true,
  });
}
