import type { FastifyInstance } from 'fastify';
import { COMMUNITY } from 'shared-contracts';
import { invalidRequest, success } from '../../../lib/api-error';
import { schemaOf } from '../../../schemas/route-schemas';
import type { ApiRoute } from '../types';

/** Redirects only to this site (PUBLIC_ORIGIN) or the configured CORS origins. */
export function allowedRedirect(redirectUri: string, allowedOrigins: string[]): boolean {
  try {
    const url = new URL(redirectUri);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && allowedOrigins.includes(url.origin)
    );
  } catch {
    return false;
  }
}

export default async function communityRoutes(app: FastifyInstance): Promise<void> {
  const { community } = app;
  const base = `/community_activity/${COMMUNITY}`;
  const allowedOrigins = [app.env.publicOrigin, ...app.env.corsOrigins];

  app.post<ApiRoute<'/community_activity/{community}/auth_url'>>(
    `${base}/auth_url`,
    { schema: schemaOf('/community_activity/{community}/auth_url') },
    async (request) => {
      const user = await app.requireUser(request);
      const { redirect_uri, addon_state } = request.body;
      if (!allowedRedirect(redirect_uri, allowedOrigins)) {
        throw invalidRequest('redirect_uri must be a page of this site');
      }
      return success({
        auth_url: community.authUrl(app.env.publicOrigin, user.id, redirect_uri, addon_state),
      });
    },
  );

  app.post<ApiRoute<'/community_activity/{community}/oauth/callback'>>(
    `${base}/oauth/callback`,
    { schema: schemaOf('/community_activity/{community}/oauth/callback') },
    async (request) => {
      // The verified app user: the app's session token (the bridge's user info carries it).
      const user = await app.requireUser(request);
      const { code, state, user_id, activity_id, redirect_uri } = request.body;
      return success(
        await community.claim({
          code,
          state,
          sessionUserId: user.id,
          userId: user_id,
          activityId: activity_id,
          redirectUri: redirect_uri,
        }),
      );
    },
  );
}
