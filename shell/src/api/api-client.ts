import axios, { type AxiosAdapter, type AxiosError } from 'axios';
import {
  API_HEADERS,
  APP_NAME_HEADER_VALUE,
  LANGUAGE_HEADER_VALUE,
  REQUEST_TIMEOUT_MS,
  routePath,
  type ApiCallOptions,
  type ApiClient,
  type ApiEnvelope,
  type ApiPath,
  type ApiRequest,
  type ApiResponse,
  type ApiTransportError,
  type RuntimeConfig,
  type ToastService,
} from 'shared-contracts';
import { applyResponseCode, isEnvelope, TIMEOUT_MESSAGE } from './error-catalogue';

export class TransportError extends Error implements ApiTransportError {
  constructor(
    message: string,
    readonly kind: ApiTransportError['kind'],
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiTransportError';
  }
}

export interface ApiClientDeps {
  config: Pick<RuntimeConfig, 'apiBaseUrl' | 'community'>;
  toast: ToastService;
  /** The stored login token, read on every call; empty when logged out. */
  getToken(): string;
  /** Clears the login (code 2000). */
  clearLogin(): void;
  /** Tests answer calls with an adapter instead of the network. */
  adapter?: AxiosAdapter;
}

function isTimeout(error: AxiosError): boolean {
  return error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
}

/** The one API client: POST JSON, 10 s timeout, the spec's headers and error catalogue. */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const http = axios.create({
    baseURL: deps.config.apiBaseUrl,
    timeout: REQUEST_TIMEOUT_MS,
    headers: {
      'Content-Type': 'application/json',
      [API_HEADERS.appName]: APP_NAME_HEADER_VALUE,
      [API_HEADERS.language]: LANGUAGE_HEADER_VALUE,
    },
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });
  http.interceptors.request.use((request) => {
    const token = deps.getToken();
    if (token) request.headers.set(API_HEADERS.token, token);
    else request.headers.delete(API_HEADERS.token);
    return request;
  });

  return {
    async call<P extends ApiPath>(path: P, body: ApiRequest<P>, options: ApiCallOptions = {}) {
      const silent = options.silent === true;
      const context = {
        toast: deps.toast,
        clearLogin: deps.clearLogin,
        silent,
        quietCodes: options.quietCodes ?? [],
      };
      const url = routePath(path, deps.config.community);
      let data: unknown;
      try {
        const response = await http.post<unknown>(url, body);
        data = response.data;
      } catch (caught) {
        const error = caught as AxiosError;
        const answer = error.response?.data;
        if (error.response && isEnvelope(answer)) {
          // E.g. 429 with Retry-After: the server still explains itself in an envelope.
          applyResponseCode(answer, context);
          return answer as ApiEnvelope<ApiResponse<P>>;
        }
        throw fail(error, silent, deps.toast);
      }
      if (!isEnvelope(data)) {
        const error = new TransportError('Unexpected answer from the server.', 'http', 200);
        if (!silent) deps.toast.show(error.message);
        throw error;
      }
      applyResponseCode(data, context);
      return data as ApiEnvelope<ApiResponse<P>>;
    },
  };
}

function fail(error: AxiosError, silent: boolean, toast: ToastService): TransportError {
  let transport: TransportError;
  if (isTimeout(error)) transport = new TransportError(TIMEOUT_MESSAGE, 'timeout', 0);
  else if (error.response)
    transport = new TransportError(error.message, 'http', error.response.status);
  else transport = new TransportError(error.message || 'Network Error', 'network', 0);
  if (!silent) {
    toast.hide();
    toast.show(transport.message);
  }
  return transport;
}
