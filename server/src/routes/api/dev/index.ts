import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { notFound } from '../../../lib/api-error';
import { devAppUserSchema } from '../../../schemas/user';

/** For the e2e simulated app bridge only: registered when SIMULATED_BRIDGE=1. */
export default async function devRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/dev/app-user/:id',
    { schema: devAppUserSchema },
    async (request) => {
      const [user] = await app.db
        .select()
        .from(users)
        .where(eq(users.id, Number(request.params.id)));
      if (!user) throw notFound('User');
      return { user_id: user.id, has_granted_discord_reward: user.hasGrantedDiscordReward };
    },
  );
}
