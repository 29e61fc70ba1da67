import type {
  ApiCallOptions,
  ApiClient,
  ApiEnvelope,
  ApiPath,
  ApiRequest,
  ApiResponse,
  ApiTransportError,
  RuntimeConfig,
  ToastService,
} from 'shared-contracts';
import {
  applyResponseCode,
  isEnvelope,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
} from './error-catalogue';
import { apiUrl, isTimeoutError, postJson, type FetchLike } from './http';

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
  /** Tests answer calls with their own fetch instead of the network. */
  fetch?: FetchLike;
}

/** The one API client: POST JSON, 10 s timeout, the spec's headers and error catalogue. */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  return {
    async call<P extends ApiPath>(path: P, body: ApiRequest<P>, options: ApiCallOptions = {}) {
      const silent = options.silent === true;
      // A token the caller brought (the app user's) is not the site's login: a 2000 for it
      // leaves the site's login alone.
      const ownToken = options.token === undefined;
      const context = {
        toast: deps.toast,
        clearLogin: ownToken ? deps.clearLogin : () => undefined,
        silent,
        quietCodes: options.quietCodes ?? [],
      };
      let status: number;
      let data: unknown;
      try {
        const response = await postJson(
          apiUrl(deps.config, path),
          body,
          options.token ?? deps.getToken(),
          deps.fetch,
        );
        status = response.status;
        data = await response.json().catch(() => undefined);
      } catch (caught) {
        throw fail(
          isTimeoutError(caught)
            ? new TransportError(TIMEOUT_MESSAGE, 'timeout', 0)
            : new TransportError(NETWORK_ERROR_MESSAGE, 'network', 0),
          silent,
          deps.toast,
        );
      }
      if (isEnvelope(data)) {
        // Also for an error status (429 with Retry-After): the server explains itself.
        applyResponseCode(data, context);
        return data as ApiEnvelope<ApiResponse<P>>;
      }
      const error =
        status >= 400
          ? new TransportError(`Request failed with status code ${status}`, 'http', status)
          : new TransportError('Unexpected answer from the server.', 'http', status);
      throw fail(error, silent, deps.toast);
    },
  };
}

function fail(error: TransportError, silent: boolean, toast: ToastService): TransportError {
  if (!silent) {
    toast.hide();
    toast.show(error.message);
  }
  return error;
}
