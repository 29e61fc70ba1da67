import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { type RemoteName } from 'shared-contracts';
import { RELEASE_PATTERN } from 'shared-contracts/page';
import { REMOTES } from '../../config/workspaces';
import { hasBearerToken } from '../../lib/bearer-token';
import { releaseRefusal } from '../../releases/release-files';
import type { ReleaseRow } from '../../releases/release-reader';
import { ReleaseConflictError } from '../../releases/release-service';

const RemoteParams = Type.Object(
  { remote: Type.Union(REMOTES.map(({ name }) => Type.Literal(name))) },
  { additionalProperties: false },
);
const CanaryBody = Type.Object(
  {
    release: Type.String({ pattern: RELEASE_PATTERN }),
    manifestUrl: Type.String({ minLength: 1, maxLength: 2048, pattern: '^(https?://|/)' }),
    percent: Type.Integer({ minimum: 1, maximum: 100 }),
  },
  { additionalProperties: false },
);
type RemoteRoute = { Params: Static<typeof RemoteParams> };

const describe = (row: ReleaseRow) => ({
  id: row.id,
  remote: row.remote,
  release: row.release,
  manifestUrl: row.manifestUrl,
  percent: row.percent,
  state: row.state,
  reason: row.reason,
  startedAt: row.startedAt.toISOString(),
  steppedAt: row.steppedAt.toISOString(),
  endedAt: row.endedAt?.toISOString() ?? null,
});

/**
 * The operators' releases API (scripts/release.mjs calls it): start a canary, see how it goes,
 * promote it or roll it back. Behind OPS_TOKEN (a bearer token) when set; open in development
 * without one, not served in production without one.
 */
export default async function opsReleaseRoutes(app: FastifyInstance): Promise<void> {
  const token = app.env.opsToken;
  if (!token && app.env.production) return;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (token && !hasBearerToken(request, token)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ error: 'Unauthorized' });
    }
  });

  app.get('/ops/releases', async () => {
    const config = await app.runtimeConfig.current();
    const canaries = await Promise.all(
      app.releases.canaries().map(async (row) => {
        const { verdict, visits } = await app.releases.judge(row);
        return { ...describe(row), verdict, visits };
      }),
    );
    const stable = Object.fromEntries(
      Object.entries(config.remotes).map(([name, remote]) => [
        name,
        { manifestUrl: remote.manifestUrl, release: remote.release ?? null },
      ]),
    );
    // The ended canaries with their reason: what the verdict (or an operator) decided.
    const ended = (await app.releases.ended()).map(describe);
    return { stable, canaries, ended };
  });

  app.post<RemoteRoute & { Body: Static<typeof CanaryBody> }>(
    '/ops/releases/:remote/canary',
    { schema: { params: RemoteParams, body: CanaryBody } },
    async (request, reply) => {
      const remote: RemoteName = request.params.remote;
      const refusal = await releaseRefusal(
        { remote, ...request.body },
        { origin: app.env.publicOrigin, staticRoot: app.env.staticRoot },
      );
      if (refusal) return reply.code(422).send({ error: refusal });
      try {
        const row = await app.releases.startCanary({ remote, ...request.body });
        return reply.code(201).send(describe(row));
      } catch (error) {
        if (error instanceof ReleaseConflictError) {
          return reply.code(409).send({ error: error.message });
        }
        throw error;
      }
    },
  );

  for (const action of ['promote', 'rollback'] as const) {
    app.post<RemoteRoute>(
      `/ops/releases/:remote/${action}`,
      { schema: { params: RemoteParams } },
      async (request, reply) => {
        const { remote } = request.params;
        const row =
          action === 'promote'
            ? await app.releases.promote(remote)
            : await app.releases.rollback(remote, 'rolled back by an operator');
        if (!row) return reply.code(404).send({ error: `${remote} has no canary running` });
        return describe(row);
      },
    );
  }
}
