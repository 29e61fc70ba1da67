import { randomBytes } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import { INVITE_ACTIVITY_ID, ResponseCode } from 'shared-contracts';
import type { Database } from '../../db/client';
import { communityAccounts, communityRewards, users } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import type { Secrets } from '../../lib/secrets';
import { signPayload, verifyPayload } from '../../lib/signing';

const STATE_TTL_SECONDS = 15 * 60;
const CODE_TTL_SECONDS = 5 * 60;
export const COMMUNITY_CLIENT_ID = 'nimbus-share';

export interface OauthState {
  redirectUri: string;
  addonState: string;
}

const failed = (message: string) => new ApiError(ResponseCode.Failed, message);

/**
 * The invite flow against the development community provider on this server: a signed state
 * carries the page's addon_state (with `lang=`), the provider's code names the community account.
 */
export class CommunityService {
  constructor(
    private readonly db: Database,
    private readonly secrets: Secrets,
  ) {}

  authUrl(siteOrigin: string, redirectUri: string, addonState: string): string {
    const state = signPayload(
      this.secrets.key('community-state'),
      { r: redirectUri, a: addonState, n: randomBytes(8).toString('base64url') },
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
    return { redirectUri: payload.r, addonState: payload.a };
  }

  accounts() {
    return this.db.select().from(communityAccounts).orderBy(communityAccounts.id);
  }

  async issueCode(accountId: string, redirectUri: string): Promise<string | null> {
    const [account] = await this.db
      .select()
      .from(communityAccounts)
      .where(eq(communityAccounts.id, accountId));
    if (!account) return null;
    return signPayload(
      this.secrets.key('community-code'),
      { c: account.id, r: redirectUri },
      CODE_TTL_SECONDS,
    );
  }

  /** Links the community account to the app user and grants the reward once for each of them. */
  async claim(input: {
    code: string;
    state: string;
    userId: number;
    activityId: number;
    redirectUri: string;
  }): Promise<{ user_info: { id: string } }> {
    const state = this.readState(input.state);
    if (!state || state.redirectUri !== input.redirectUri) {
      throw failed('The authorization expired or does not match. Please try joining again.');
    }
    const code = verifyPayload(this.secrets.key('community-code'), input.code);
    if (!code || typeof code.c !== 'string' || code.r !== input.redirectUri) {
      throw failed('The authorization code is invalid or expired. Please try joining again.');
    }
    if (input.activityId !== INVITE_ACTIVITY_ID) throw failed('Unknown activity');
    const accountId = code.c;
    return this.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
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
