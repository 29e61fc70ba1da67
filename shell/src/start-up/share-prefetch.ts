import {
  FIRST_PAGE,
  isShareOpen,
  ResponseCode,
  SHARE_LIST_PAGE_MAX,
  shareCodeOfPage,
  sharePageUrl,
  ShareType,
  type ApiEnvelope,
  type ApiPath,
  type ApiRequest,
  type ApiResponse,
  type PrefetchedShare,
  type SharePrefetch,
  type SiteLanguage,
} from 'shared-contracts';
import {
  SHARE_ANSWERS_ELEMENT_ID,
  type RuntimeConfig,
  type ShareAnswersInPage,
  type ShareNotFoundInPage,
} from 'shared-contracts/page';
import { apiUrl, isTimeoutError, postJson } from '../services/api/http';
import { readJsonInPage } from '../lib/page/json-in-page';

/**
 * The answers the server wrote into a share page (server/src/page-assembly/page-routes.ts); null when the
 * page carries none or they do not parse.
 */
export function readShareAnswers(doc: Document = document): ShareAnswersInPage | null {
  const answers = readJsonInPage(SHARE_ANSWERS_ELEMENT_ID, doc) as ShareAnswersInPage | null;
  return typeof answers?.share_code === 'string' && typeof answers.info?.id === 'number'
    ? answers
    : null;
}

/**
 * The share code the server said names no share, in the answers' element (contract 1.9); null
 * when the page says nothing of the kind.
 */
export function readShareNotFound(doc: Document = document): string | null {
  const said = readJsonInPage(SHARE_ANSWERS_ELEMENT_ID, doc) as Partial<ShareNotFoundInPage> | null;
  return said?.not_found === true && typeof said.share_code === 'string' ? said.share_code : null;
}

/**
 * Starts the share page's first answers from the entry chunk, before the app's own code (and its
 * API client) has downloaded. Those the server wrote into the page (`answersInPage`) are used as
 * they are; the others are requested now, so on a slow phone they arrive while the JavaScript
 * still loads. Plain `fetch` with the page's language, no toasts and no login token (neither call
 * depends on the user): anything but a success is handed over as null and the viewer asks again
 * through the API client.
 */
export function startSharePrefetch(
  config: RuntimeConfig | null,
  language: SiteLanguage,
  location: Pick<Location, 'origin' | 'pathname'>,
  answersInPage: ShareAnswersInPage | null = null,
  notFoundInPage: string | null = null,
): SharePrefetch {
  const code = shareCodeOfPage(location.pathname);
  // The viewer names its share by the same address, whatever the page's query or trailing slash.
  const shareUrl = code === null ? '' : sharePageUrl(location.origin, code);
  const known = code !== null && answersInPage?.share_code === code ? answersInPage : null;
  const notFound = code !== null && notFoundInPage === code;
  let pending: PrefetchedShare | null = null;
  if (code !== null && config) {
    // A share the server found missing is not asked for again here: the viewer asks once.
    pending = notFound
      ? { info: Promise.resolve(null), rootList: Promise.resolve(null) }
      : requestShare({ config, language }, shareUrl, known);
  }
  return {
    take(url) {
      if (url !== shareUrl || !pending) return null;
      const taken = pending;
      pending = null;
      return taken;
    },
    firstScreen(url) {
      if (url !== shareUrl || !pending || !known?.root_list) return null;
      const { info, root_list: rootList, folder_path: folderPath } = known;
      return folderPath ? { info, rootList, folderPath } : { info, rootList };
    },
    pageInfo(url) {
      if (url !== shareUrl || !pending) return null;
      if (notFound) return 'not-found';
      return known && !known.root_list ? known.info : null;
    },
  };
}

/** Where the prefetch's calls go, and the language they name. */
interface PrefetchTarget {
  config: RuntimeConfig;
  language: SiteLanguage;
}

/** The page's answers, or requests for those it lacks. */
function requestShare(
  target: PrefetchTarget,
  shareUrl: string,
  known: ShareAnswersInPage | null,
): PrefetchedShare {
  const info = known
    ? Promise.resolve(known.info)
    : post(target, '/share/info', { share_url: shareUrl });
  // A folder's list the page carried is not the root's: the root is asked for when needed.
  if (known?.root_list && !known.folder_path) {
    return { info, rootList: Promise.resolve(known.root_list) };
  }
  const rootList = info.then(async (share) => {
    if (!share || share === 'timeout') return null;
    if (!isShareOpen(share.status) || share.share_type !== ShareType.Public) return null;
    const detail = await post(target, '/share/detail', {
      share_id: share.id,
      share_code: share.share_code,
      extract_code: '',
      page: { current_page: FIRST_PAGE, page_size: SHARE_LIST_PAGE_MAX },
    });
    if (!detail || detail === 'timeout') return null;
    // Only a whole root is handed over; the viewer lists a longer one page by page itself.
    const whole = (detail.total ?? detail.file_list.length) <= detail.file_list.length;
    return whole ? detail.file_list : null;
  });
  return { info, rootList };
}

/** One API call; the answer's data on success, 'timeout' when none came in time, else null. */
async function post<P extends ApiPath>(
  { config, language }: PrefetchTarget,
  path: P,
  body: ApiRequest<P>,
): Promise<ApiResponse<P> | 'timeout' | null> {
  try {
    const response = await postJson(apiUrl(config, path), body, language);
    if (!response.ok) return null;
    const envelope = (await response.json()) as ApiEnvelope<ApiResponse<P>>;
    return envelope.code === ResponseCode.Success && envelope.data ? envelope.data : null;
  } catch (error) {
    return isTimeoutError(error) ? 'timeout' : null;
  }
}
