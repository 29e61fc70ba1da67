import {
  isShareOpen,
  ResponseCode,
  ShareType,
  type ApiEnvelope,
  type ApiPath,
  type ApiRequest,
  type ApiResponse,
  type PrefetchedShare,
  type RuntimeConfig,
  type SharePrefetch,
} from 'shared-contracts';
import { apiUrl, isTimeoutError, postJson } from '../api/http';
import { readConfigOrNull } from '../config/runtime-config';

/** `/s/{code}`: the page whose first answers are worth requesting before the app has loaded. */
const SHARE_PAGE = /^\/s\/[^/]+\/?$/;

/**
 * Starts the share page's first API calls from the entry chunk, before the app's own code (and
 * its API client) has downloaded: on a slow phone the answers then arrive while the JavaScript
 * still loads. Plain `fetch`, no toasts and no login token (neither call depends on the user):
 * anything but a success is handed over as null and the viewer asks again through the API client.
 */
export function startSharePrefetch(
  readConfig: () => RuntimeConfig | null,
  location: Pick<Location, 'href' | 'pathname'>,
): SharePrefetch {
  const shareUrl = location.href;
  let pending: PrefetchedShare | null = null;
  if (SHARE_PAGE.test(location.pathname)) {
    const config = readConfigOrNull(readConfig);
    if (config) pending = requestShare(config, shareUrl);
  }
  return {
    take(url) {
      if (url !== shareUrl || !pending) return null;
      const taken = pending;
      pending = null;
      return taken;
    },
  };
}

function requestShare(config: RuntimeConfig, shareUrl: string): PrefetchedShare {
  const info = post(config, '/share/info', { share_url: shareUrl });
  const rootList = info.then(async (share) => {
    if (!share || share === 'timeout') return null;
    if (!isShareOpen(share.status) || share.share_type !== ShareType.Public) return null;
    const detail = await post(config, '/share/detail', { share_id: share.id, extract_code: '' });
    return detail && detail !== 'timeout' ? detail.file_list : null;
  });
  return { info, rootList };
}

/** One API call; the answer's data on success, 'timeout' when none came in time, else null. */
async function post<P extends ApiPath>(
  config: RuntimeConfig,
  path: P,
  body: ApiRequest<P>,
): Promise<ApiResponse<P> | 'timeout' | null> {
  try {
    const response = await postJson(apiUrl(config, path), body);
    if (!response.ok) return null;
    const envelope = (await response.json()) as ApiEnvelope<ApiResponse<P>>;
    return envelope.code === ResponseCode.Success && envelope.data ? envelope.data : null;
  } catch (error) {
    return isTimeoutError(error) ? 'timeout' : null;
  }
}
