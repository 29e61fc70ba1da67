import type { FastifyInstance } from 'fastify';
import { validateFolderName } from 'shared-contracts';
import { invalidRequest, success } from '../../../lib/api-error';
import { schemaOf } from '../../../schemas/route-schemas';
import { idempotencyOf, type ApiRoute } from '../types';

export default async function fileRoutes(app: FastifyInstance): Promise<void> {
  const { cloud } = app;

  app.post<ApiRoute<'/file/folder/list'>>(
    '/file/folder/list',
    { schema: schemaOf('/file/folder/list') },
    async (request) => {
      const user = await app.requireUser(request);
      return success(await cloud.listFolders(user.id, request.body.parent_id, request.body.page));
    },
  );

  app.post<ApiRoute<'/file/folder/create'>>(
    '/file/folder/create',
    { schema: schemaOf('/file/folder/create') },
    async (request) => {
      const user = await app.requireUser(request);
      const name = validateFolderName(request.body.folder_name);
      if (!name.ok) throw invalidRequest(name.message);
      return success(
        await cloud.createFolder(
          user.id,
          request.body.parent_id,
          name.value,
          idempotencyOf(request, '/file/folder/create'),
        ),
      );
    },
  );
}
