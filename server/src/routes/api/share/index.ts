import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ShareRow } from '../../../plugins/app/shares';
import {
  FIRST_PAGE,
  ResponseCode,
  REPORT_MAX,
  SHARE_LIST_PAGE_DEFAULT,
  SHARE_SEARCH_LENGTH_MESSAGE,
  SHARE_SEARCH_MAX,
  shareCodeOfUrl,
} from 'shared-contracts';
import { ApiError, invalidRequest, notFound, success } from '../../../lib/api-error';
import { schemaOf } from '../../../schemas/route-schemas';
import { idempotencyOf, languageOf, tokenOf, type ApiRoute } from '../types';
import { isSecureRequest } from '../../../plugins/app/share-unlocks';

export default async function shareRoutes(app: FastifyInstance): Promise<void> {
  const { shares, cloud, sessions, reports, shareUnlocks } = app;

  /**
   * A protected share's code check: none for a browser whose cookie holds the share unlocked
   * (docs/security.md, "An unlocked share's cookie"); else the code of the body, checked with the
   * guard's limits. True when the code was checked right (not by the cookie).
   */
  async function checkAccess(
    request: FastifyRequest,
    share: ShareRow,
    extractCode: string,
    proof?: string,
  ): Promise<boolean> {
    if (shareUnlocks.holds(share, request.headers.cookie)) return false;
    await shares.checkExtractCode(share, extractCode, request.ip, proof);
    return true;
  }

  app.post<ApiRoute<'/share/info'>>(
    '/share/info',
    { schema: schemaOf('/share/info') },
    async (request) => {
      const code = shareCodeOfUrl(request.body.share_url);
      const info = code ? await shares.infoByCode(code, app.env.publicOrigin) : null;
      if (!info) throw notFound('Share');
      return success(info);
    },
  );

  app.post<ApiRoute<'/share/detail'>>(
    '/share/detail',
    { schema: schemaOf('/share/detail') },
    async (request, reply) => {
      const { share_id, share_code, extract_code, folder_id, page, altcha, ...query } =
        request.body;
      const share = await shares.openShare(share_id, share_code);
      if (await checkAccess(request, share, extract_code, altcha)) {
        // The right code: a reload of the share's page paints its list (page-routes.ts).
        const cookies = shareUnlocks.setCookies(share, isSecureRequest(app, request));
        if (cookies.length > 0) reply.header('Set-Cookie', cookies);
      }
      return success(
        await shares.listPage(
          share,
          folder_id,
          app.env.publicOrigin,
          page ?? { current_page: FIRST_PAGE, page_size: SHARE_LIST_PAGE_DEFAULT },
          // sort, order, name_filter: the schema allows no other fields.
          { ...query, language: languageOf(request) },
        ),
      );
    },
  );

  app.post<ApiRoute<'/share/folder_path'>>(
    '/share/folder_path',
    { schema: schemaOf('/share/folder_path') },
    async (request) => {
      const { share_id, share_code, extract_code, folder_id } = request.body;
      const share = await shares.openShare(share_id, share_code);
      await checkAccess(request, share, extract_code);
      return success({ path: await shares.folderPath(share, folder_id) });
    },
  );

  app.post<ApiRoute<'/share/search'>>(
    '/share/search',
    { schema: schemaOf('/share/search') },
    async (request) => {
      const { share_id, share_code, extract_code, q, page } = request.body;
      // Checked before the share is read: a blank or long text costs nothing.
      const text = q.trim();
      const length = Array.from(text).length;
      if (length === 0 || length > SHARE_SEARCH_MAX) {
        throw invalidRequest(SHARE_SEARCH_LENGTH_MESSAGE);
      }
      const share = await shares.openShare(share_id, share_code);
      // Exactly the list's access: the code (with its limits), or the unlocked share's cookie.
      await checkAccess(request, share, extract_code);
      return success(
        await shares.search(share, app.env.publicOrigin, {
          text,
          page: page ?? { current_page: FIRST_PAGE, page_size: SHARE_LIST_PAGE_DEFAULT },
          language: languageOf(request),
        }),
      );
    },
  );

  app.post<ApiRoute<'/share/save_file'>>(
    '/share/save_file',
    { schema: schemaOf('/share/save_file') },
    async (request) => {
      const user = await app.requireUser(request);
      const { share_id, share_code, extract_code, folder_id, file_ids } = request.body;
      const share = await shares.openShare(share_id, share_code);
      if (share.userId === user.id) {
        throw new ApiError(ResponseCode.OwnShare, 'Cannot save files that you have shared');
      }
      await checkAccess(request, share, extract_code);
      const items = await shares.collect(share, file_ids);
      try {
        const saved = await cloud.save(
          user.id,
          folder_id,
          items,
          idempotencyOf(request, '/share/save_file'),
        );
        app.metrics.saves.inc({ outcome: 'saved' });
        return success(saved);
      } catch (error) {
        const full = error instanceof ApiError && error.code === ResponseCode.StorageFull;
        app.metrics.saves.inc({ outcome: full ? 'storage_full' : 'failed' });
        throw error;
      }
    },
  );

  app.post<ApiRoute<'/share/report'>>(
    '/share/report',
    { schema: schemaOf('/share/report') },
    async (request) => {
      const content = request.body.content.trim();
      if (content.length === 0) throw invalidRequest('Please write down the reason for reporting.');
      if (Array.from(content).length > REPORT_MAX) {
        throw invalidRequest(`The reason cannot be longer than ${REPORT_MAX} characters.`);
      }
      const share = await shares.byCode(request.body.share_code);
      if (!share) throw notFound('Share');
      // Reporting needs no login; a valid session only records who reported.
      const reporter = await sessions.userOf(tokenOf(request));
      return success(
        await reports.create({
          shareId: share.id,
          reporterUserId: reporter?.id ?? null,
          content,
          clientAddress: request.ip,
        }),
      );
    },
  );
}
