import type { FastifyInstance } from 'fastify';
import type { UserInfo } from 'shared-contracts';
import { IdentityType, ResponseCode } from 'shared-contracts';
import { eq, or, sql } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { ApiError, loginRequired, success } from '../../../lib/api-error';
import { EMPTY_BODY, schemaOf } from '../../../schemas/api-bodies';
import type { UserRow } from '../../../plugins/app/sessions';
import { tokenOf, type ApiRoute } from '../types';

const GB = 1024 ** 3;
/** A new account's storage: the free plan. */
const NEW_USER_STORAGE = 10 * GB;
const NEW_USER_OFFLINE_FILE_SIZE = 2 * GB;

export function userInfoOf(user: UserRow, origin: string): UserInfo {
  return {
    user_id: user.id,
    nick_name: user.nickName,
    avatar: user.avatar ? `${origin}/media/${user.avatar}` : '',
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
  const { sessions, identity } = app.services;

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
    // An account is the identity (issuer + subject). An email links to an existing account only
    // when the provider has verified it; an unverified one is not even kept (it may be anyone's).
    const email = verified.emailVerified ? verified.email : null;
    const match = email
      ? or(eq(users.externalId, verified.externalId), eq(users.email, email))
      : eq(users.externalId, verified.externalId);
    let [user] = await app.db
      .select()
      .from(users)
      .where(match)
      // The identity's own account first, should its email also name another.
      .orderBy(sql`${users.externalId} = ${verified.externalId} desc`)
      .limit(1);
    let isNew = false;
    if (!user) {
      const inserted = await app.db
        .insert(users)
        .values({
          externalId: verified.externalId,
          email,
          nickName: verified.name,
          identityType: IdentityType.Free,
          maxStorage: NEW_USER_STORAGE,
          maxOfflineFileSize: NEW_USER_OFFLINE_FILE_SIZE,
        })
        .onConflictDoNothing()
        .returning();
      isNew = inserted.length > 0;
      // A concurrent first login of the same person created the row: use it.
      [user] = isNew ? inserted : await app.db.select().from(users).where(match).limit(1);
    }
    if (!user) throw new Error('the user could not be created');
    return success({ user_id: user.id, is_new: isNew, token: await sessions.create(user.id) });
  });

  app.post('/logout', { schema: EMPTY_BODY }, async (request) => {
    const token = tokenOf(request);
    if (!token || !(await sessions.revoke(token))) throw loginRequired();
    return success(null);
  });
}
