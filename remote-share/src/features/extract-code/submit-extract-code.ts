import {
  FIRST_PAGE,
  ResponseCode,
  retryAfterOf,
  SHARE_LIST_PAGE_MAX,
  type ApiEnvelope,
  type HostServices,
  type ProofOfWorkChallengeData,
  type ShareDetail,
} from 'shared-contracts';
import { writeCachedList } from '../../state/share-cache';
import type { ShareStore } from '../../state/share-store';
import type { ExtractCodeResult } from './extract-code-result';

/**
 * Checks an extract code with the root's first page. On success the page turns to the list and
 * `showRoot` shows that page (the share list's way, which the app hands in: the later pages
 * follow); a root that came whole is cached for reloads.
 */
export async function submitExtractCode(
  store: ShareStore,
  host: HostServices,
  showRoot: (first: ShareDetail) => void,
  code: string,
  proof?: string,
): Promise<ExtractCodeResult> {
  const info = store.info;
  if (!info) return { kind: 'error' };
  let response: ApiEnvelope<ShareDetail>;
  try {
    // The screen says why a code was refused, inline: no toast for these.
    response = await host.api.call(
      '/share/detail',
      {
        share_id: info.id,
        share_code: info.share_code,
        extract_code: code,
        page: { current_page: FIRST_PAGE, page_size: SHARE_LIST_PAGE_MAX },
        ...(proof ? { altcha: proof } : {}),
      },
      {
        quietCodes: [
          ResponseCode.InvalidExtractCode,
          ResponseCode.TooManyRequests,
          ResponseCode.ProofOfWorkRequired,
        ],
      },
    );
  } catch {
    return { kind: 'error' };
  }
  if (response.code === ResponseCode.InvalidExtractCode) return { kind: 'invalid' };
  const challenge = challengeOf(response);
  if (challenge) return { kind: 'proof', challenge };
  const retryAfterSeconds = retryAfterOf(response);
  if (retryAfterSeconds !== null) return { kind: 'locked', retryAfterSeconds };
  if (response.code !== ResponseCode.Success || !response.data) {
    if (response.code === ResponseCode.TooManyRequests) host.toast.show(response.msg);
    return { kind: 'error' };
  }
  const first = response.data;
  store.extractCode = code;
  store.phase = 'list';
  host.events.report('share_view_details_enter', { share_code: info.share_code });
  const whole = (first.total ?? first.file_list.length) <= first.file_list.length;
  if (whole) writeCachedList(store.shareUrl, code, first.file_list);
  showRoot(first);
  return { kind: 'ok' };
}

/** The proof-of-work challenge of a 4030 answer; null for any other answer. */
function challengeOf(response: ApiEnvelope<unknown>): object | null {
  if (response.code !== ResponseCode.ProofOfWorkRequired) return null;
  const data = response.data as Partial<ProofOfWorkChallengeData> | null;
  return typeof data?.challenge === 'object' && data.challenge !== null ? data.challenge : null;
}
