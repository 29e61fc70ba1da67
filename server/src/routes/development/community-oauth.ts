import type { FastifyInstance } from 'fastify';
import { escapeHtml, page } from '../../lib/html';
import { allowedRedirect } from '../api/community/index';

interface AuthorizeQuery {
  redirect_uri?: string;
  state?: string;
}

const querySchema = {
  querystring: {
    type: 'object',
    properties: {
      redirect_uri: { type: 'string', maxLength: 2048 },
      state: { type: 'string', maxLength: 4096 },
      account: { type: 'string', maxLength: 64 },
    },
  },
} as const;

/** The development community provider: pick an account, approve, back to redirect_uri. */
export default async function communityOauthRoutes(app: FastifyInstance): Promise<void> {
  const { community } = app;

  function invalid(message: string) {
    return page(
      'Authorization failed',
      `<main><h1>Authorization failed</h1><p>${escapeHtml(message)}</p></main>`,
    );
  }

  function checkRequest(origin: string, query: AuthorizeQuery): string | null {
    const redirectUri = query.redirect_uri ?? '';
    const state = community.readState(query.state ?? '');
    if (!state || state.redirectUri !== redirectUri)
      return 'The authorization request is invalid or expired.';
    if (!allowedRedirect(redirectUri, [origin, ...app.env.corsOrigins]))
      return 'The redirect address is not allowed.';
    return null;
  }

  app.get<{ Querystring: AuthorizeQuery }>(
    '/community-oauth/authorize',
    { schema: querySchema },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      const problem = checkRequest(app.env.publicOrigin, request.query);
      if (problem) return reply.code(400).send(invalid(problem));
      const accounts = await community.accounts();
      const choices = accounts
        .map(
          (account, index) =>
            `<li><label><input type="radio" name="account" value="${escapeHtml(account.id)}"${index === 0 ? ' checked' : ''}>${escapeHtml(account.displayName)} <small>${escapeHtml(account.id)}</small></label></li>`,
        )
        .join('');
      const cancel = new URL(request.query.redirect_uri ?? '');
      cancel.searchParams.set('error', 'access_denied');
      cancel.searchParams.set('state', request.query.state ?? '');
      return reply.send(
        page(
          'Authorize Nimbus Share',
          `<main><h1>Community: authorize ${escapeHtml(app.env.productName)}</h1><p>Development community provider. ${escapeHtml(app.env.productName)} wants to read your account and join you to its community.</p>
<form method="get" action="/community-oauth/approve">
<input type="hidden" name="redirect_uri" value="${escapeHtml(request.query.redirect_uri ?? '')}">
<input type="hidden" name="state" value="${escapeHtml(request.query.state ?? '')}">
<ul>${choices}</ul>
<button type="submit" class="primary">Approve</button>
</form>
<a class="secondary" href="${escapeHtml(cancel.toString())}">Cancel</a></main>`,
        ),
      );
    },
  );

  app.get<{ Querystring: AuthorizeQuery & { account?: string } }>(
    '/community-oauth/approve',
    { schema: querySchema },
    async (request, reply) => {
      const problem = checkRequest(app.env.publicOrigin, request.query);
      if (problem) return reply.code(400).type('text/html; charset=utf-8').send(invalid(problem));
      const redirectUri = request.query.redirect_uri ?? '';
      const code = await community.issueCode(
        request.query.account ?? '',
        redirectUri,
        request.query.state ?? '',
      );
      if (!code)
        return reply.code(400).type('text/html; charset=utf-8').send(invalid('Choose an account.'));
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', request.query.state ?? '');
      return reply.redirect(target.toString(), 302);
    },
  );
}
