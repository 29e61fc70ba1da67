import axios, {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  API_HEADERS,
  APP_NAME_HEADER_VALUE,
  LANGUAGE_HEADER_VALUE,
  REQUEST_TIMEOUT_MS,
  routePath,
  type ApiCallOptions,
  type ApiEnvelope,
  type ApiPath,
  type ApiRequest,
  type ApiResponse,
  type RuntimeConfig,
  type ToastService,
} from 'shared-contracts';
import {
  applyResponseCode,
  isEnvelope,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
} from './error-catalogue';
import { newIdempotencyKey } from './http';
import { TransportError } from './transport-error';

export interface TransportDeps {
  config: Pick<RuntimeConfig, 'apiBaseUrl' | 'community'>;
  toast: ToastService;
  /** The stored login token, read on every call; empty when logged out. */
  getToken(): string;
  /** Clears the login (code 2000). */
  clearLogin(): void;
  /** Tests answer calls with their own adapter instead of the network. */
  adapter?: AxiosAdapter;
}

/** A call's own options travel with its request config to the interceptors. */
interface CallConfig extends InternalAxiosRequestConfig {
  nimbus?: ApiCallOptions;
}

export type Transport = <P extends ApiPath>(
  path: P,
  body: ApiRequest<P>,
  options: ApiCallOptions,
) => Promise<ApiEnvelope<ApiResponse<P>>>;

/**
 * The API client's HTTP layer on axios: its interceptors add the spec's headers (section 7) and
 * the call's Idempotency-Key, apply the 10 s timeout, and apply the error catalogue of spec
 * section 8 in one place (toasts, login cleared on 2000), for envelopes and transport errors.
 */
export function createAxiosTransport(deps: TransportDeps): Transport {
  const instance = axios.create({
    baseURL: deps.config.apiBaseUrl.replace(/\/$/, ''),
    timeout: REQUEST_TIMEOUT_MS,
    headers: {
      'Content-Type': 'application/json',
      [API_HEADERS.appName]: APP_NAME_HEADER_VALUE,
      [API_HEADERS.language]: LANGUAGE_HEADER_VALUE,
    },
    transitional: { clarifyTimeoutError: true },
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });

  instance.interceptors.request.use((request: CallConfig) => {
    // A token the caller brought (the invite page's app user) goes instead of the site's.
    const token = request.nimbus?.token ?? deps.getToken();
    if (token) request.headers.set(API_HEADERS.token, token);
    request.headers.set(API_HEADERS.idempotencyKey, newIdempotencyKey());
    return request;
  });

  /** Spec 8 for an answer with an envelope (also a 429's): the caller gets the envelope. */
  const catalogue = (envelope: ApiEnvelope<unknown>, options: ApiCallOptions = {}) => {
    applyResponseCode(envelope, {
      toast: deps.toast,
      // A token the caller brought is not the site's login: a 2000 for it leaves the login be.
      clearLogin: options.token === undefined ? deps.clearLogin : () => undefined,
      silent: options.silent === true,
      quietCodes: options.quietCodes ?? [],
    });
    return envelope;
  };

  /** A transport failure: its message in a toast (unless silent), then the caller's rejection. */
  const fail = (error: TransportError, options: ApiCallOptions = {}): never => {
    if (options.silent !== true) {
      deps.toast.hide();
      deps.toast.show(error.message);
    }
    throw error;
  };

  instance.interceptors.response.use(
    (response: AxiosResponse<unknown>) => {
      const options = (response.config as CallConfig).nimbus;
      if (isEnvelope(response.data))
        return { ...response, data: catalogue(response.data, options) };
      return fail(
        new TransportError('Unexpected answer from the server.', 'http', response.status),
        options,
      );
    },
    (error: unknown) => {
      if (!(error instanceof AxiosError)) throw error;
      const options = (error.config as CallConfig | undefined)?.nimbus;
      const answer = error.response;
      if (answer && isEnvelope(answer.data)) {
        return { ...answer, data: catalogue(answer.data, options) };
      }
      if (answer) {
        return fail(
          new TransportError(
            `Request failed with status code ${answer.status}`,
            'http',
            answer.status,
          ),
          options,
        );
      }
      const timedOut =
        error.code === AxiosError.ETIMEDOUT || error.code === AxiosError.ECONNABORTED;
      return fail(
        timedOut
          ? new TransportError(TIMEOUT_MESSAGE, 'timeout', 0)
          : new TransportError(NETWORK_ERROR_MESSAGE, 'network', 0),
        options,
      );
    },
  );

  return async (path, body, options) => {
    const response = await instance.post(routePath(path, deps.config.community), body, {
      nimbus: options,
    } as CallConfig);
    return response.data as ApiEnvelope<ApiResponse<typeof path>>;
  };
}
