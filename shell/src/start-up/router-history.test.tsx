import '../testing/text-encoder-polyfill';
import { render } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import { numberHistoryEntry } from './router-history';

/**
 * A guard for the start-up's assumption (router-history.ts): BrowserRouter writes the history
 * entry's number in its first render unless the entry has one. It fails when an upgrade of
 * react-router numbers entries another way: the start-up's work would then be in vain.
 */
describe('numberHistoryEntry', () => {
  beforeEach(() => window.history.replaceState(null, '', '/s/demo-public'));
  afterEach(() => jest.restoreAllMocks());

  function routerWrites(): number {
    const replaceState = jest.spyOn(window.history, 'replaceState');
    render(
      <BrowserRouter>
        <p>page</p>
      </BrowserRouter>,
    );
    return replaceState.mock.calls.length;
  }

  it('numbers the entry as the router would, so its first render writes nothing', () => {
    window.history.replaceState({ layers: ['dialog-1'] }, '');
    numberHistoryEntry(window.history);
    expect(window.history.state).toEqual({ layers: ['dialog-1'], idx: 0 });
    expect(routerWrites()).toBe(0);
  });

  it('leaves an entry the router numbered before', () => {
    window.history.replaceState({ idx: 3 }, '');
    const replaceState = jest.spyOn(window.history, 'replaceState');
    numberHistoryEntry(window.history);
    expect(replaceState).not.toHaveBeenCalled();
    expect(window.history.state).toEqual({ idx: 3 });
  });

  it('without it, the router writes the number in its first render', () => {
    expect(routerWrites()).toBe(1);
    expect(window.history.state).toEqual({ idx: 0 });
  });
});
