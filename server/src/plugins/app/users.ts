import { eq, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { IdentityType } from 'shared-contracts';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { VerifiedIdentity } from '../../identity/verified-identity';
import type { UserRow } from './sessions';

const GB = 1024 ** 3;
/** A new account's storage: the free plan. */
const NEW_USER_STORAGE = 10 * GB;
const NEW_USER_OFFLINE_FILE_SIZE = 2 * GB;

/** Accounts: the one a verified identity signs in to, made at its first sign-in. */
export class UserService {
  constructor(private readonly db: Database) {}

  /** The account of a verified identity, created when it has none yet (`isNew`). */
  async signIn(verified: VerifiedIdentity): Promise<{ user: UserRow; isNew: boolean }> {
    // An account is the identity (issuer + subject). An email links to an existing account only
    // when the provider has verified it; an unverified one is not even kept (it may be anyone's).
    const email = verified.emailVerified ? verified.email : null;
    const match = email
      ? or(eq(users.externalId, verified.externalId), eq(users.email, email))
      : eq(users.externalId, verified.externalId);
    let [user] = await this.db
      .select()
      .from(users)
      .where(match)
      // The identity's own account first, should its email also name another.
      .orderBy(sql`${users.externalId} = ${verified.externalId} desc`)
      .limit(1);
    let isNew = false;
    if (!user) {
      const inserted = await this.db
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
      [user] = isNew ? inserted : await this.db.select().from(users).where(match).limit(1);
    }
    if (!user) throw new Error('the user could not be created');
    return { user, isNew };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    users: UserService;
  }
}

export default fp(
  async (app) => {
    app.decorate('users', new UserService(app.db));
  },
  { name: 'users', dependencies: ['database'] },
);
