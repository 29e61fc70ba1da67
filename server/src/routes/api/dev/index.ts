import type { FastifyInstance } from 'fastify';

/**
 * For the simulated app bridge only (registered when SIMULATED_BRIDGE=1): the app user a session
 * token stands for, as the app's `getUserInfo` would tell it. It tells nothing the token's owner
 * could not read from `/user/info`.
 */
export default async function devRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dev/app-user', async (request) => {
    const user = await app.requireUser(request);
    return { user_id: user.id, has_granted_discord_reward: user.hasGrantedDiscordReward };
  });
}
