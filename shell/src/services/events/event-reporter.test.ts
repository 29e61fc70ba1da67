import { md5 } from 'js-md5';
import type { ApiClient } from 'shared-contracts';
import { afterLoadWhenIdle, createEventReporter, signEvent } from './event-reporter';

describe('event reporter', () => {
  it('signs MD5(content + event_name + key)', async () => {
    expect(await signEvent('{"a":1}', 'store_click', 'k')).toBe(md5('{"a":1}store_clickk'));
    expect(await signEvent('{}', 'x', 'k')).toMatch(/^[0-9a-f]{32}$/);
  });

  /** Lets the signatures (js-md5 loads on first use) and the calls after them settle. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  /** The reporter's schedule, run by the test when it wants. */
  function manualSchedule() {
    const pending: (() => void)[] = [];
    return {
      schedule: (send: () => void) => pending.push(send),
      run: () => pending.splice(0).forEach((send) => send()),
    };
  }

  it('posts /event/report silently with JSON content and the signature, once the page is idle', async () => {
    const call = jest.fn().mockResolvedValue({ code: 0, msg: '', data: null });
    const idle = manualSchedule();
    const events = createEventReporter({ call } as unknown as ApiClient, 'secret', idle.schedule);
    events.report('share_preview_fail', { error_message: 'bad' });
    events.report('share_preview_click', {});
    await settle();
    expect(call).not.toHaveBeenCalled();
    idle.run();
    await settle();
    const content = JSON.stringify({ error_message: 'bad' });
    expect(call).toHaveBeenCalledWith(
      '/event/report',
      {
        event_name: 'share_preview_fail',
        content,
        sign: md5(content + 'share_preview_fail' + 'secret'),
      },
      { silent: true },
    );
    expect(call.mock.calls.map((args) => args[1].event_name)).toEqual([
      'share_preview_fail',
      'share_preview_click',
    ]);
  });

  it('sends what waits at once when the page is hidden', async () => {
    const call = jest.fn().mockResolvedValue({ code: 0, msg: '', data: null });
    const events = createEventReporter({ call } as unknown as ApiClient, 'k', () => undefined);
    events.report('store_click');
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('waits for the load, then for an idle moment', () => {
    const send = jest.fn();
    const idle = jest.fn((callback: () => void) => {
      callback();
      return 1;
    });
    const fake = {
      document: { readyState: 'loading' },
      requestIdleCallback: idle,
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'load') listener();
      },
    } as unknown as Window;
    afterLoadWhenIdle(send, fake);
    expect(idle).toHaveBeenCalledWith(send, { timeout: 3000 });
    expect(send).toHaveBeenCalled();
  });

  it('reports {} without content and swallows failures', async () => {
    const call = jest.fn().mockRejectedValue(new Error('offline'));
    const events = createEventReporter({ call } as unknown as ApiClient, 'k', (send) => send());
    expect(() => events.report('login_success')).not.toThrow();
    await settle();
    expect(call.mock.calls[0][1].content).toBe('{}');
  });
});
