import axios, {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  REQUEST_TIMEOUT_MS,
  ResponseCode,
  routePath,
  type ApiCallOptions,
  type ApiEnvelope,
  type ApiPath,
  type ApiRequest,
  type ApiResponse,
  type RetryAfterData,
  type SiteLanguage,
  type ToastService,
} from 'shared-contracts';
import { API_HEADERS, APP_NAME_HEADER_VALUE, type RuntimeConfig } from 'shared-contracts/page';
import { shellTexts } from '../../lib/i18n/shell-texts';
import { applyResponseCode, isEnvelope } from './error-catalogue';
import { newIdempotencyKey } from './http';
import { TransportError } from './transport-error';

export interface TransportDeps {
  config: Pick<RuntimeConfig, 'apiBaseUrl' | 'community'>;
  toast: ToastService;
  /** The stored login token, read on every call; empty when logged out. */
  getToken(): string;
  /** Clears the login (code 2000). */
  clearLogin(): void;
  /** The page's language: the API's language header, and the language of the failures' texts. */
  language: SiteLanguage;
  /** Tests answer calls with their own adapter instead of the network. */
  adapter?: AxiosAdapter;
}

/** A call's own options travel with its request config to the interceptors. */
interface CallConfig extends InternalAxiosRequestConfig {
  nimbus?: ApiCallOptions;
  /** When the call was first sent (ms), and how often it was sent again after a 503. */
  nimbusStart?: number;
  nimbusRetries?: number;
}

/**
 * A 503 (code 5003: a service the call needs is away for a moment,
 * docs/operations/faults-and-chaos.md, "When a dependency fails") is sent again after its
 * Retry-After, with the same Idempotency-Key (so it is done once), at most this often and within
 * the call's 10 s timeout; then its message shows.
 */
const MAX_UNAVAILABLE_RETRIES = 2;
const MAX_RETRY_WAIT_MS = 3000;

/** How long to wait before sending a call again after this answer; null: do not. */
function retryDelayOf(config: CallConfig, status: number, envelope: ApiEnvelope<unknown>) {
  if (status !== 503 || envelope.code !== ResponseCode.ServiceUnavailable) return null;
  if ((config.nimbusRetries ?? 0) >= MAX_UNAVAILABLE_RETRIES) return null;
  const seconds = (envelope.data as Partial<RetryAfterData> | null)?.retry_after;
  const wait = Math.min(MAX_RETRY_WAIT_MS, Math.max(0, (Number(seconds) || 1) * 1000));
  const elapsed = Date.now() - (config.nimbusStart ?? Date.now());
  return elapsed + wait < REQUEST_TIMEOUT_MS ? wait : null;
}

export type Transport = <P extends ApiPath>(
  path: P,
  body: ApiRequest<P>,
  options: ApiCallOptions,
) => Promise<ApiEnvelope<ApiResponse<P>>>;

/**
 * The API client's HTTP layer on axios: its interceptors add the headers (docs/product.md,
 * "Calls") and the call's Idempotency-Key, apply the 10 s timeout, and apply the error catalogue
 * ("Response codes") in one place (toasts, login cleared on 2000), for envelopes and transport
 * errors.
 */
export function createAxiosTransport(deps: TransportDeps): Transport {
  const instance = axios.create({
    baseURL: deps.config.apiBaseUrl.replace(/\/$/, ''),
    timeout: REQUEST_TIMEOUT_MS,
    headers: {
      'Content-Type': 'application/json',
      [API_HEADERS.appName]: APP_NAME_HEADER_VALUE,
      [API_HEADERS.language]: deps.language,
    },
    transitional: { clarifyTimeoutError: true },
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });

  instance.interceptors.request.use((request: CallConfig) => {
    // A token the caller brought (the invite page's app user) goes instead of the site's.
    const token = request.nimbus?.token ?? deps.getToken();
    if (token) request.headers.set(API_HEADERS.token, token);
    // A call sent again keeps its key: the server does it once.
    if (!request.headers.has(API_HEADERS.idempotencyKey)) {
      request.headers.set(API_HEADERS.idempotencyKey, newIdempotencyKey());
    }
    request.nimbusStart ??= Date.now();
    return request;
  });

  /**
   * docs/product.md, "Response codes", for an answer with an envelope (also a 429's): the caller
   * gets the envelope.
   */
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

  /**
   * A call that got no envelope back: its text (the page's language, one wording in every browser:
   * theirs differ) in a toast (unless silent), then the caller's rejection carrying it.
   */
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
      const t = shellTexts(deps.language);
      return fail(new TransportError(t('unexpectedAnswer'), 'http', response.status), options);
    },
    (error: unknown) => {
      if (!(error instanceof AxiosError)) throw error;
      const config = error.config as CallConfig | undefined;
      const options = config?.nimbus;
      const answer = error.response;
      if (answer && isEnvelope(answer.data)) {
        const wait = config ? retryDelayOf(config, answer.status, answer.data) : null;
        if (config && wait !== null) {
          config.nimbusRetries = (config.nimbusRetries ?? 0) + 1;
          // What is left of the call's 10 s after the wait.
          config.timeout = REQUEST_TIMEOUT_MS - (Date.now() - (config.nimbusStart ?? 0)) - wait;
          return new Promise((resolve) => setTimeout(resolve, wait)).then(() =>
            instance.request(config),
          );
        }
        return { ...answer, data: catalogue(answer.data, options) };
      }
      const t = shellTexts(deps.language);
      if (answer) {
        const text = t('requestFailed', { status: answer.status });
        return fail(new TransportError(text, 'http', answer.status), options);
      }
      const timedOut =
        error.code === AxiosError.ETIMEDOUT || error.code === AxiosError.ECONNABORTED;
      return fail(
        timedOut
          ? new TransportError(t('requestTimedOut'), 'timeout', 0)
          : new TransportError(t('networkError'), 'network', 0),
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
