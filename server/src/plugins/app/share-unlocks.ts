import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isShareOpen, ShareType } from 'shared-contracts';
import {
  isUnlockValue,
  unlockCookieIn,
  unlockSetCookies,
  unlockValueOf,
  type UnlockableShare,
} from '../../shares/share-unlock';
import type { ShareRow, ShareService } from './shares';

/**
 * The cookies of unlocked protected shares (shares/share-unlock.ts): set when the right extract
 * code is given, read by the share's page (its list painted, not the code prompt) and by the
 * share API (no code asked again). Checking one costs an HMAC: no database or cache call but the
 * share's own lookup, which the page and the API make anyway.
 */
export class ShareUnlocks {
  constructor(
    private readonly key: Buffer,
    private readonly shares: ShareService,
    /** The site's public origin, which the share lookups are read (and cached) for. */
    private readonly origin: string,
    private readonly clock: () => number = Date.now,
  ) {}

  private now = () => Math.floor(this.clock() / 1000);

  private unlockable = (share: ShareRow): UnlockableShare => ({
    id: share.id,
    code: share.code,
    extractCode: share.extractCode,
    expiryTime: share.expiryTime,
  });

  /** Whether the request carries a cookie that unlocks this protected share now. */
  holds(share: ShareRow, cookieHeader: string | undefined): boolean {
    if (share.shareType !== ShareType.Private) return false;
    const value = unlockCookieIn(cookieHeader, share.code);
    return value !== null && isUnlockValue(this.key, this.unlockable(share), value, this.now());
  }

  /** The Set-Cookie headers that unlock a protected share for a day at most; none for another. */
  setCookies(share: ShareRow, secure: boolean): string[] {
    if (share.shareType !== ShareType.Private) return [];
    const unlock = unlockValueOf(this.key, this.unlockable(share), this.now());
    return unlock ? unlockSetCookies(share.code, unlock, secure) : [];
  }

  /**
   * Whether a share page's request holds its share unlocked: an open protected share and a valid
   * cookie. False at once without the share's cookie; false when the lookup fails (the page then
   * paints the code prompt, as without a cookie).
   */
  async pageUnlocked(shareCode: string, cookieHeader: string | undefined): Promise<boolean> {
    if (unlockCookieIn(cookieHeader, shareCode) === null) return false;
    try {
      const info = await this.shares.infoByCode(shareCode, this.origin);
      if (!info || !isShareOpen(info.status) || info.share_type !== ShareType.Private) return false;
      return this.holds(await this.shares.openShare(info.id, shareCode), cookieHeader);
    } catch {
      return false;
    }
  }
}

/** Whether a request reached the site over https (directly or through a trusted proxy). */
export const isSecureRequest = (app: FastifyInstance, request: FastifyRequest) =>
  request.protocol === 'https' || app.env.publicOrigin.startsWith('https:');

declare module 'fastify' {
  interface FastifyInstance {
    shareUnlocks: ShareUnlocks;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'shareUnlocks',
      new ShareUnlocks(app.secrets.key('share-unlock'), app.shares, app.env.publicOrigin),
    );
  },
  { name: 'share-unlocks', dependencies: ['config', 'secrets', 'shares'] },
);
