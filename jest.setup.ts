import '@testing-library/jest-dom';

// jsdom's Performance has no User Timing; the start-up marks its steps with it (a no-op here).
if (typeof window !== 'undefined' && typeof performance.mark !== 'function') {
  Object.defineProperty(performance, 'mark', {
    value: () => undefined,
    writable: true,
    configurable: true,
  });
}

// Where webpack's runtime says an app's files are served from (its files' folder, such as its
// texts' `messages/`): the test page's origin.
Object.assign(globalThis, { __webpack_public_path__: 'http://localhost/' });
