import { createHash, randomBytes } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { COMMUNITY, INVITE_ACTIVITY_ID, ResponseCode } from 'shared-contracts';
import type { Database } from '../../db/client';
import { communityAccounts, communityRewards, usedOauthCodes, users } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import type { Secrets } from '../../lib/secrets';
import { signPayload, verifyPayload } from '../../lib/signing';

const STATE_TTL_SECONDS = 15 * 60;
const CODE_TTL_SECONDS = 5 * 60;
export const COMMUNITY_CLIENT_ID = 'nimbus-share';

export interface OauthState {
  redirectUri: string;
  addonState: string;
  /** The app user who asked for the authorization: only they may claim with it. */
  userId: number;
}

const failed = (message: string) => new ApiError(ResponseCode.Failed, message);

/** What a code names of the state it was issued for: a digest, so the code stays short. */
const stateDigest = (state: string) =>
  createHash('sha256').update(state).digest('base64url').slice(0, 22);

/**
 * The invite flow against the development community provider on this server: a signed state
 * carries the page's addon_state (with `lang=`) and the app user who started it, the provider's
 * code names the community account and is accepted once.
 */
export class CommunityService {
  constructor(
    private readonly db: Database,
    private readonly secrets: Secrets,
    /** The development provider is served (ENABLE_DEV_COMMUNITY); without it there is none. */
    private readonly providerEnabled: boolean,
  ) {}

  private requireProvider() {
    if (!this.providerEnabled) {
      throw failed('Joining the community is not available right now. Please try again later.');
    }
  }

  authUrl(siteOrigin: string, userId: number, redirectUri: string, addonState: string): string {
    this.requireProvider();
    const state = signPayload(
      this.secrets.key('community-state'),
      { r: redirectUri, a: addonState, u: userId, n: randomBytes(8).toString('base64url') },
      STATE_TTL_SECONDS,
    );
    const url = new URL('/community-oauth/authorize', siteOrigin);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', COMMUNITY_CLIENT_ID);
    url.searchParams.set('scope', 'identify guilds.join');
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
  }

  readState(state: string): OauthState | null {
    const payload = verifyPayload(this.secrets.key('community-state'), state);
    if (!payload || typeof payload.r !== 'string' || typeof payload.a !== 'string') return null;
    if (typeof payload.u !== 'number') return null;
    return { redirectUri: payload.r, addonState: payload.a, userId: payload.u };
  }

  accounts() {
    return this.db.select().from(communityAccounts).orderBy(communityAccounts.id);
  }

  /**
   * The provider's code for an approved authorization: it names the community account, and is
   * bound to the state it answers (so to its app user) and to this community, so it is redeemed
   * only by the flow that asked for it.
   */
  async issueCode(accountId: string, redirectUri: string, state: string): Promise<string | null> {
    const authorization = this.readState(state);
    if (!authorization) return null;
    const [account] = await this.db
      .select()
      .from(communityAccounts)
      .where(eq(communityAccounts.id, accountId));
    if (!account) return null;
    return signPayload(
      this.secrets.key('community-code'),
      {
        c: account.id,
        r: redirectUri,
        s: stateDigest(state),
        u: authorization.userId,
        m: COMMUNITY,
        n: randomBytes(16).toString('base64url'),
      },
      CODE_TTL_SECONDS,
    );
  }

  /**
   * Links the community account to the app user and grants the reward once for each of them.
   * `sessionUserId` is the verified app user (their session token); the body's `user_id` and the
   * state's user must both be that user.
   */
  async claim(input: {
    code: string;
    state: string;
    sessionUserId: number;
    userId: number;
    activityId: number;
    redirectUri: string;
  }): Promise<{ user_info: { id: string } }> {
    this.requireProvider();
    if (input.userId !== input.sessionUserId) {
      throw failed('The reward can only be claimed by the signed-in app user.');
    }
    const state = this.readState(input.state);
    if (!state || state.redirectUri !== input.redirectUri || state.userId !== input.sessionUserId) {
      throw failed('The authorization expired or does not match. Please try joining again.');
    }
    const code = verifyPayload(this.secrets.key('community-code'), input.code);
    if (
      !code ||
      typeof code.c !== 'string' ||
      typeof code.n !== 'string' ||
      typeof code.exp !== 'number' ||
      code.r !== input.redirectUri ||
      // Issued for this flow: its state, its app user, this community.
      code.s !== stateDigest(input.state) ||
      code.u !== input.sessionUserId ||
      code.m !== COMMUNITY
    ) {
      throw failed('The authorization code is invalid or expired. Please try joining again.');
    }
    if (input.activityId !== INVITE_ACTIVITY_ID) throw failed('Unknown activity');
    const firstUse = await this.db
      .insert(usedOauthCodes)
      .values({ nonce: code.n, expiresAt: new Date(code.exp * 1000) })
      .onConflictDoNothing()
      .returning({ nonce: usedOauthCodes.nonce });
    if (firstUse.length === 0) {
      throw failed('This authorization was used already. Please try joining again.');
    }
    const accountId = code.c;
    return this.db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(eq(users.id, input.sessionUserId))
        .for('update');
      if (!user) throw failed('Unable to obtain user information, please log in to the app first.');
      const existing = await tx
        .select()
        .from(communityRewards)
        .where(
          or(
            eq(communityRewards.userId, user.id),
            eq(communityRewards.communityAccountId, accountId),
          ),
        );
      const byAccount = existing.find((reward) => reward.communityAccountId === accountId);
      if (byAccount && byAccount.userId !== user.id) {
        throw new ApiError(
          ResponseCode.AlreadyClaimed,
          'This community account has already claimed the reward and cannot claim it again.',
        );
      }
      const byUser = existing.find((reward) => reward.userId === user.id);
      if (byUser && byUser.communityAccountId !== accountId) {
        throw failed('You have already claimed this reward and cannot claim it again.');
      }
      if (!byUser) {
        await tx
          .insert(communityRewards)
          .values({ userId: user.id, communityAccountId: accountId, activityId: input.activityId });
        await tx.update(users).set({ hasGrantedDiscordReward: true }).where(eq(users.id, user.id));
      }
      return { user_info: { id: String(user.id) } };
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    community: CommunityService;
  }
}

export default fp(
  async (app) => {
    app.decorate('community', new CommunityService(app.db, app.secrets, app.env.devCommunity));
  },
  { name: 'community', dependencies: ['config', 'database', 'secrets'] },
);
