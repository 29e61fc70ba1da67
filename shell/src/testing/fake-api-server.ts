import type { FetchLike } from '../api/http';

export interface FakeRequest {
  url: string;
  body: unknown;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

/** What a test's handler answers: an HTTP status and a body, or a transport failure. */
export type FakeAnswer = { status?: number; body: unknown } | { fail: 'timeout' | 'network' };

/** A `fetch` that answers from a handler and records every request. */
export function fakeApiServer(handler: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: FakeRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      headers[key.toLowerCase()] = value;
    }
    const request: FakeRequest = {
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers,
    };
    requests.push(request);
    const answer = await handler(request);
    if ('fail' in answer) {
      if (answer.fail === 'timeout') throw new DOMException('signal timed out', 'TimeoutError');
      throw new TypeError('Failed to fetch');
    }
    const status = answer.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      json: async () => answer.body,
    };
  };
  return { fetch, requests };
}

export const ok = <T>(data: T): FakeAnswer => ({ body: { code: 0, msg: 'success', data } });
