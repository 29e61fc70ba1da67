import type { FastifyInstance } from 'fastify';
import type { UserInfo } from 'shared-contracts';
import { IdentityType, ResponseCode } from 'shared-contracts';
import { ApiError, loginRequired, success } from '../../../lib/api-error';
import { avatarUrlOf } from '../../../lib/media-urls';
import { schemaOf } from '../../../schemas/route-schemas';
import type { UserRow } from '../../../plugins/app/sessions';
import { tokenOf, type ApiRoute } from '../types';

export function userInfoOf(user: UserRow, origin: string): UserInfo {
  return {
    user_id: user.id,
    nick_name: user.nickName,
    avatar: avatarUrlOf(origin, user.avatar),
    user_storage: {
      max_storage: user.maxStorage,
      available_storage: Math.max(0, user.maxStorage - user.usedStorage),
      max_offline_file_size: user.maxOfflineFileSize,
    },
    user_identity: {
      identity_type: user.identityType === IdentityType.Vip ? IdentityType.Vip : IdentityType.Free,
      vip_expiry_time: user.identityType === IdentityType.Vip ? user.vipExpiryTime : 0,
    },
  };
}

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const { sessions, identity, users } = app;

  app.post<ApiRoute<'/user/info'>>(
    '/user/info',
    { schema: schemaOf('/user/info') },
    async (request) => {
      const user = await app.requireUser(request);
      return success(userInfoOf(user, app.env.publicOrigin));
    },
  );

  app.post<ApiRoute<'/login'>>('/login', { schema: schemaOf('/login') }, async (request) => {
    const verified = await identity.verify(request.body.third_token);
    if (!verified) {
      throw new ApiError(
        ResponseCode.LoginRequired,
        'Sign-in failed: the identity token is invalid or expired. Please try again.',
      );
    }
    const { user, isNew } = await users.signIn(verified);
    return success({ user_id: user.id, is_new: isNew, token: await sessions.create(user.id) });
  });

  app.post('/logout', { schema: schemaOf('/logout') }, async (request) => {
    const token = tokenOf(request);
    if (!token || !(await sessions.revoke(token))) throw loginRequired();
    return success(null);
  });
}
