import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { loginRequired } from '../../lib/api-error';
import { tokenOf } from '../../routes/api/types';

export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

export type UserRow = typeof users.$inferSelect;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opaque session tokens: random, stored only as a hash, revocable, expiring. */
export class SessionService {
  constructor(private readonly db: Database) {}

  async create(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    });
    return token;
  }

  /** The user of a live session, or null for a missing, unknown, expired or revoked token. */
  async userOf(token: string | undefined): Promise<UserRow | null> {
    if (!token || token.length > 200) return null;
    const [row] = await this.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      );
    return row?.user ?? null;
  }

  async revoke(token: string): Promise<boolean> {
    const revoked = await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
      .returning({ userId: sessions.userId });
    return revoked.length > 0;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    /** The signed-in user, or answers code 2000. */
    requireUser(request: FastifyRequest): Promise<UserRow>;
  }
}

export default fp(
  async (app) => {
    const sessions = new SessionService(app.db);
    app.decorate('sessions', sessions);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const user = await sessions.userOf(tokenOf(request));
      if (!user) throw loginRequired();
      return user;
    });
  },
  { name: 'sessions', dependencies: ['database'] },
);
