import { and, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { ProofOfWorkChallengeData, ShareInfo, SiteLanguage } from 'shared-contracts';
import { extractCodesMatch, ResponseCode, ShareStatus, ShareType } from 'shared-contracts';
import type { Database } from '../../db/client';
import { shareItems, shares } from '../../db/schema';
import { ApiError, notFound } from '../../lib/api-error';
import { clientNetworkOf } from '../../lib/client-network';
import { ShareCache } from '../../lib/share-cache';
import { extractCodeGuardOf } from '../../extract-code/guard-of-instance';
import type { ExtractCodeGuard } from '../../extract-code/guard';
import { itemMediaOf, type ItemMedia } from '../../shares/share-items';
import { pageAnswersOf, type PageListOptions } from '../../shares/page-answers';
import { readShareInfo } from '../../shares/share-info';

export type { PageListOptions };
import { ShareListing } from '../../shares/share-listing';
import { ShareSearcher, type SearchQuery } from '../../shares/share-search';
import { Bulkhead } from '../../lib/bulkhead';
import { effectiveStatus, STATUS_MESSAGES } from '../../shares/share-status';

export type ShareRow = typeof shares.$inferSelect;
export type ShareItemRow = typeof shareItems.$inferSelect;

const PROOF_NEEDED_MESSAGE =
  'This share is receiving many wrong codes: your device makes a short check before your code is tried.';

/**
 * Whether a typed code is the share's: spaces around it and letter case do not matter. The rule
 * is shared-contracts' (extractCodesMatch), the one the viewer's field follows.
 */
export function matchesExtractCode(typed: string, code: string): boolean {
  return extractCodesMatch(typed, code);
}

/** A share's expiry as a cache limit: what was read of it is wrong from then on. */
const untilExpiry = (expiryTime: number) => (expiryTime > 0 ? expiryTime * 1000 : undefined);

export interface ShareServiceOptions {
  cache?: ShareCache;
  /** Folders' name orders, apart from `cache` (ShareListing). */
  nameOrderCache?: ShareCache;
  clock?: () => number;
  /**
   * Told of every extract code refused: wrong, locked (ExtractCodeGuard's limits), or waiting for
   * a proof of work (the share is under attack).
   */
  onRefusal?: (reason: ExtractCodeRefusal) => void;
  /** Told when the search's bulkhead refuses a search (the instance is searching enough). */
  onBulkheadRefused?: (name: string) => void;
}

/**
 * Searches of whole shares the instance runs at once, and how many may wait (docs/security.md):
 * a stranger's stream of searches fills this compartment only, never the pool the lists use.
 */
export const SHARE_SEARCH_BULKHEAD = {
  concurrency: 2,
  queue: 20,
  queuePerKey: 5,
  queueTimeoutMs: 2000,
};

export type ExtractCodeRefusal = 'wrong' | 'locked' | 'proof_needed';

/**
 * Shares: looked up by code or id, listed, their extract codes checked. What is read of a share
 * (its info, its row, its folders' pages) is kept in the instance's ShareCache until the share
 * changes: a viral share costs a database read once, not once a visit.
 */
export class ShareService {
  private readonly listing: ShareListing;
  private readonly searcher: ShareSearcher;
  private readonly searches: Bulkhead;
  private readonly cache: ShareCache;
  private readonly clock: () => number;
  private readonly onRefusal: (reason: ExtractCodeRefusal) => void;

  constructor(
    private readonly db: Database,
    mediaKey: Buffer,
    private readonly guard: ExtractCodeGuard,
    options: ShareServiceOptions = {},
  ) {
    this.cache = options.cache ?? new ShareCache();
    this.clock = options.clock ?? Date.now;
    this.onRefusal = options.onRefusal ?? (() => undefined);
    const nameOrders = options.nameOrderCache ?? new ShareCache();
    this.listing = new ShareListing(db, mediaKey, this.cache, nameOrders);
    this.searcher = new ShareSearcher(db, mediaKey);
    this.searches = new Bulkhead('share-search', SHARE_SEARCH_BULKHEAD, options.onBulkheadRefused);
  }

  async byCode(code: string): Promise<ShareRow | null> {
    const [row] = await this.db.select().from(shares).where(eq(shares.code, code));
    return row ?? null;
  }

  /** The share lookup of `/share/info`, with its sharer; null when unknown. */
  infoByCode(code: string, origin: string): Promise<ShareInfo | null> {
    return this.cache.get('info', code, async () => {
      const info = await readShareInfo(this.db, code, origin);
      return { value: info, shareId: info?.id ?? null, until: untilExpiry(info?.expiry_time ?? 0) };
    });
  }

  /** What a share page carries (shares/page-answers.ts). */
  pageAnswers(code: string, origin: string, language: SiteLanguage, list: PageListOptions = {}) {
    return pageAnswersOf(this, code, origin, language, list);
  }

  /**
   * A share whose content may be listed or saved: exists, is valid now, and the caller has its
   * link (the id alone tells nothing: a wrong pair is "not found", whatever the id).
   */
  async openShare(shareId: number, shareCode: string): Promise<ShareRow> {
    const share = await this.rowById(shareId);
    if (!share || share.code !== shareCode) throw notFound('Share');
    const status = effectiveStatus(share);
    if (status !== ShareStatus.Valid) {
      throw new ApiError(ResponseCode.NotFound, STATUS_MESSAGES[status] ?? 'Share not found');
    }
    return share;
  }

  /**
   * What a media link of the item may serve now: null unless the share is open and the item is
   * still in it. A canceled, expired or deleted share's links, and a removed file's, stop as soon
   * as the database announces the change (within a second while it cannot: ShareCache.distrust).
   */
  async mediaOf(shareId: number, itemId: number): Promise<ItemMedia | null> {
    const share = await this.rowById(shareId);
    const now = Math.floor(this.clock() / 1000);
    if (share === null || effectiveStatus(share, now) !== ShareStatus.Valid) return null;
    return this.cache.get('item', `${shareId}:${itemId}`, async () => {
      const [row] = await this.db
        .select()
        .from(shareItems)
        .where(and(eq(shareItems.id, itemId), eq(shareItems.shareId, shareId)));
      return { value: row ? itemMediaOf(row) : null, shareId };
    });
  }

  /** The share's row (its status is worked out when used: expiry depends on the time). */
  private rowById(shareId: number): Promise<ShareRow | null> {
    return this.cache.get('share', String(shareId), async () => {
      const [share] = await this.db.select().from(shares).where(eq(shares.id, shareId));
      return { value: share ?? null, shareId: share ? share.id : null };
    });
  }

  /**
   * Checks the extract code of a protected share from a client address. Wrong codes count against
   * that client's network and the share's budget (ExtractCodeGuard); over a limit the client gets
   * 429 even with the right code, and on a share under attack a try without a solved proof of
   * work gets 4030 with a challenge to solve; other visitors are not affected.
   */
  async checkExtractCode(
    share: ShareRow,
    extractCode: string,
    clientAddress: string,
    proof?: string,
  ) {
    if (share.shareType !== ShareType.Private) return;
    const isRight = matchesExtractCode(extractCode, share.extractCode);
    const network = clientNetworkOf(clientAddress);
    let verdict;
    try {
      verdict = await this.guard.check(share.id, isRight, network, proof);
    } catch (error) {
      if (error instanceof ApiError) this.onRefusal('locked');
      throw error;
    }
    if (verdict === 'proof-needed') {
      this.onRefusal('proof_needed');
      const challenge = await this.guard.challenge(share.id, network);
      throw new ApiError(ResponseCode.ProofOfWorkRequired, PROOF_NEEDED_MESSAGE, undefined, {
        challenge,
      } satisfies ProofOfWorkChallengeData);
    }
    if (verdict === 'wrong') {
      this.onRefusal('wrong');
      throw new ApiError(ResponseCode.InvalidExtractCode, 'Invalid extract code');
    }
  }

  /** One page of a folder's items (folders first, then by name) and the folder's item count. */
  listPage(...page: Parameters<ShareListing['listPage']>) {
    return this.listing.listPage(...page);
  }

  /** Where a folder sits in the share: the folders from the root (excluded) down to it. */
  folderPath(...folder: Parameters<ShareListing['folderPath']>) {
    return this.listing.folderPath(...folder);
  }

  /**
   * The share's items at every depth whose names contain the text: a page of them in the
   * listing's natural order, each with its path, and how many match (shares/share-search.ts).
   */
  search(share: Pick<ShareRow, 'id'>, origin: string, query: SearchQuery) {
    return this.searches.run(() => this.searcher.search(share, origin, query), String(share.id));
  }

  /** The chosen items of a share and everything below the chosen folders (deduplicated). */
  collect(share: ShareRow, itemIds: number[]) {
    return this.listing.collect(share, itemIds);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    shares: ShareService;
  }
}

export default fp(
  async (app) => {
    const { secrets, metrics, db, redis } = app;
    const guard = extractCodeGuardOf({
      db,
      redis,
      proofKey: secrets.key('extract-code-proof'),
      onBulkheadRefused: (name) => metrics.bulkheadRefusals.inc({ bulkhead: name }),
    });
    app.decorate(
      'shares',
      new ShareService(db, secrets.key('media-url'), guard, {
        cache: app.shareCache,
        nameOrderCache: app.nameOrderCache,
        onRefusal: (reason) => metrics.extractCodeRefusals.inc({ reason }),
        onBulkheadRefused: (name) => metrics.bulkheadRefusals.inc({ bulkhead: name }),
      }),
    );
  },
  { name: 'shares', dependencies: ['database', 'metrics', 'redis', 'secrets', 'share-caches'] },
);
