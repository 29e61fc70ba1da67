import { START_UP_MARK, startUpOver } from './start-up-tasks';

describe('startUpOver', () => {
  afterEach(() => jest.useRealTimers());

  it("pauses for a task between steps over the server's first screen", async () => {
    jest.useFakeTimers();
    const container = document.createElement('div');
    container.innerHTML = '<div data-first-screen><p>rows</p></div>';
    const startUp = startUpOver(container);
    expect(startUp.overFirstScreen).toBe(true);
    const resumed = jest.fn();
    void startUp.pause().then(resumed);
    await Promise.resolve();
    expect(resumed).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(0);
    expect(resumed).toHaveBeenCalled();
  });

  it('runs straight on over an empty page', async () => {
    jest.useFakeTimers();
    const startUp = startUpOver(document.createElement('div'));
    expect(startUp.overFirstScreen).toBe(false);
    const resumed = jest.fn();
    void startUp.pause().then(resumed);
    await Promise.resolve();
    expect(resumed).toHaveBeenCalled();
  });

  it("marks each step in the page's performance timeline once it may run", async () => {
    jest.useFakeTimers();
    const mark = jest.spyOn(performance, 'mark');
    const container = document.createElement('div');
    container.innerHTML = '<div data-first-screen></div>';
    void startUpOver(container).step('react-dom');
    expect(mark).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(0);
    expect(mark).toHaveBeenCalledWith(`${START_UP_MARK}react-dom`);
  });
});
