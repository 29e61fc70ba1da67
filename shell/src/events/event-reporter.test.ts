import { md5 } from 'js-md5';
import type { ApiClient } from 'shared-contracts';
import { createEventReporter, signEvent } from './event-reporter';

describe('event reporter', () => {
  it('signs MD5(content + event_name + key)', () => {
    expect(signEvent('{"a":1}', 'store_click', 'k')).toBe(md5('{"a":1}store_clickk'));
    expect(signEvent('{}', 'x', 'k')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('posts /event/report silently with JSON content and the signature', () => {
    const call = jest.fn().mockResolvedValue({ code: 0, msg: '', data: null });
    const events = createEventReporter({ call } as unknown as ApiClient, 'secret');
    events.report('share_preview_fail', { error_message: 'bad' });
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
  });

  it('reports {} without content and swallows failures', async () => {
    const call = jest.fn().mockRejectedValue(new Error('offline'));
    const events = createEventReporter({ call } as unknown as ApiClient, 'k');
    expect(() => events.report('login_success')).not.toThrow();
    expect(call.mock.calls[0][1].content).toBe('{}');
    await Promise.resolve();
  });
});
