import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { IdentityProviderName } from 'shared-contracts';
import { SERVER_PUBLIC_DIR } from '../../config/env';
import { DEMO_ACCOUNTS } from '../../db/seed-data/accounts';
import { escapeHtml, page } from '../../lib/html';

const PROVIDER_TITLES: Record<IdentityProviderName, string> = {
  Google: 'Google',
  AppleID: 'Apple ID',
};

function isProvider(value: unknown): value is IdentityProviderName {
  return value === 'Google' || value === 'AppleID';
}

/** The development identity provider's popup (registered with IDENTITY_PROVIDER=development). */
export default async function idpRoutes(app: FastifyInstance): Promise<void> {
  const devIdentity = app.devIdentity;
  if (!devIdentity) return;
  const script = await readFile(path.join(SERVER_PUBLIC_DIR, 'idp.js'), 'utf8');

  app.get('/idp/idp.js', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(script),
  );

  app.get<{ Querystring: { provider?: string; scope?: string } }>(
    '/idp/authorize',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            provider: { type: 'string', maxLength: 32 },
            scope: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      const provider = request.query.provider;
      if (!isProvider(provider)) {
        return reply
          .code(400)
          .send(
            page(
              'Unknown provider',
              '<main><h1>Unknown provider</h1><p>Use provider=Google or provider=AppleID.</p></main>',
            ),
          );
      }
      const title = `Sign in with ${PROVIDER_TITLES[provider]}`;
      const buttons = await Promise.all(
        DEMO_ACCOUNTS.map(async (account) => {
          const token = await devIdentity.issue(
            { email: account.email, name: account.name },
            provider,
          );
          return `<li><button type="button" disabled aria-label="${escapeHtml(account.name)}" data-token="${escapeHtml(token)}" data-username="${escapeHtml(account.name)}" data-account="${escapeHtml(account.email)}"><span>${escapeHtml(account.name)}</span><small>${escapeHtml(account.email)}</small></button></li>`;
        }),
      );
      const scope = request.query.scope
        ? `<p>Requested scope: ${escapeHtml(request.query.scope)}</p>`
        : '';
      return reply.send(
        page(
          title,
          `<main><h1>${escapeHtml(title)}</h1><p>Development identity provider: choose an account to continue to ${escapeHtml(app.env.productName)}.</p>${scope}<ul>${buttons.join('')}</ul><p id="status" role="status"></p></main><script src="/idp/idp.js"></script>`,
          ` data-origin="${escapeHtml(app.env.publicOrigin)}" data-provider="${provider}"`,
        ),
      );
    },
  );
}
