import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';

export interface FakeRequest {
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** What a test's handler answers: an HTTP status and a body, or a transport failure. */
export type FakeAnswer = { status?: number; body: unknown } | { fail: 'timeout' | 'network' };

/** An axios adapter that answers from a handler and records every request. */
export function fakeApiServer(handler: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: FakeRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers: Record<string, string> = {};
    const raw = AxiosHeaders.from(config.headers).toJSON();
    for (const [key, value] of Object.entries(raw)) headers[key.toLowerCase()] = String(value);
    const request: FakeRequest = {
      url: `${config.baseURL ?? ''}${config.url ?? ''}`,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers,
    };
    requests.push(request);
    const answer = await handler(request);
    if ('fail' in answer) {
      if (answer.fail === 'timeout') {
        throw new AxiosError('timeout of 10000ms exceeded', 'ECONNABORTED', config);
      }
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    }
    const status = answer.status ?? 200;
    const response = {
      data: answer.body,
      status,
      statusText: String(status),
      headers: {},
      config,
    };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_RESPONSE',
        config,
        null,
        response,
      );
    }
    return response;
  };
  return { adapter, requests };
}

export const ok = <T>(data: T): FakeAnswer => ({ body: { code: 0, msg: 'success', data } });
