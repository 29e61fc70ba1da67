import { AxiosError, AxiosHeaders, type AxiosAdapter } from 'axios';

export interface FakeRequest {
  url: string;
  body: unknown;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

/** What a test's handler answers: an HTTP status and a body, or a transport failure. */
export type FakeAnswer = { status?: number; body: unknown } | { fail: 'timeout' | 'network' };

/**
 * An axios adapter that answers from a handler and records every request: the API client's own
 * code (interceptors, error catalogue) runs as in the browser, without a network.
 */
export function fakeApiServer(handler: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: FakeRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) {
      headers[key.toLowerCase()] = String(value);
    }
    const request: FakeRequest = {
      url: `${config.baseURL ?? ''}${config.url ?? ''}`,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers,
    };
    requests.push(request);
    const answer = await handler(request);
    if ('fail' in answer) {
      throw answer.fail === 'timeout'
        ? new AxiosError('timeout of 10000ms exceeded', AxiosError.ETIMEDOUT, config)
        : new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }
    const status = answer.status ?? 200;
    const response = { data: answer.body, status, statusText: '', headers: {}, config };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      AxiosError.ERR_BAD_RESPONSE,
      config,
      null,
      response,
    );
  };
  return { adapter, requests };
}

export const ok = <T>(data: T): FakeAnswer => ({ body: { code: 0, msg: 'success', data } });
