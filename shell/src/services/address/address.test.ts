import { createAddress } from './address';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the page address a remote keeps its place in', () => {
  it('pushes and replaces the query, keeping the path and the hash', () => {
    window.history.replaceState(null, '', '/s/demo-public#top');
    const address = createAddress();
    const before = window.history.length;
    address.push('folder=7');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/s/demo-public?folder=7#top',
    );
    expect(window.history.length).toBe(before + 1);
    address.replace('folder=7&sort=size');
    expect(address.query()).toBe('folder=7&sort=size');
    expect(window.history.length).toBe(before + 1);
    address.replace('');
    expect(window.location.search).toBe('');
  });

  it('tells its listener the query Back returns to', async () => {
    window.history.replaceState(null, '', '/s/demo-public?folder=3');
    const address = createAddress();
    address.push('folder=9');
    const heard: string[] = [];
    const stop = address.onPop((query) => heard.push(query));
    await new Promise((resolve) => {
      window.addEventListener('popstate', resolve, { once: true });
      window.history.back();
    });
    stop();
    expect(heard).toEqual(['folder=3']);
  });
});
