/** What a load gives the cache: the value, the share it depends on, and until when it may be kept. */
export interface Loaded<T> {
  value: T;
  /** The share the value was read from; null: not kept (e.g. a share that does not exist). */
  shareId: number | null;
  /** A time (ms) past which the value is wrong anyway, such as the share's expiry. */
  until?: number;
  /** Its share of the cache's room, e.g. a listing's item count (1 by default). */
  weight?: number;
}

interface Entry {
  value: Promise<unknown>;
  shareId: number | null;
  expires: number;
  weight: number;
}

export interface ShareCacheOptions {
  /** The room: the sum of the entries' weights (one per value, one per listed item). */
  maxWeight?: number;
  ttlMs?: number;
  /**
   * How long a value is kept while the change announcements cannot be trusted (`distrust`): the
   * share status it carries is never older than this.
   */
  distrustedTtlMs?: number;
  clock?: () => number;
  /** Told of every lookup, for the metrics: which kind of value, and whether it was there. */
  onLookup?: (kind: string, hit: boolean) => void;
}

/**
 * What this instance has read about shares (their info, rows, listings and pages), kept until
 * the share changes, which the database announces to every instance (DatabaseHandle
 * .listenForShareChanges), and never longer than `ttlMs`. Concurrent misses of one key share one
 * load; a value loaded while any share changed is not kept (it may predate the change); the
 * least recently used entries go first when it is full. While the announcements are lost
 * (`distrust`) values are kept a second at most, so a change shows within that second anyway.
 */
export class ShareCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysOfShare = new Map<number, Set<string>>();
  /** Counts invalidations, so a load can tell whether one happened while it ran. */
  private epoch = 0;
  private readonly maxWeight: number;
  private weight = 0;
  private readonly ttlMs: number;
  private readonly distrustedTtlMs: number;
  /** The keeping time of new values: `ttlMs`, or `distrustedTtlMs` while distrusted. */
  private keepMs: number;
  private readonly clock: () => number;
  private readonly onLookup: (kind: string, hit: boolean) => void;

  constructor(options: ShareCacheOptions = {}) {
    this.maxWeight = options.maxWeight ?? 100_000;
    this.ttlMs = options.ttlMs ?? 5 * 60 * 1000;
    this.distrustedTtlMs = Math.min(this.ttlMs, options.distrustedTtlMs ?? 1000);
    this.keepMs = this.ttlMs;
    this.clock = options.clock ?? Date.now;
    this.onLookup = options.onLookup ?? (() => undefined);
  }

  /** The value under `kind:key`, loaded (once, however many ask at the same time) when missing. */
  async get<T>(kind: string, key: string, load: () => Promise<Loaded<T>>): Promise<T> {
    const id = `${kind}:${key}`;
    const now = this.clock();
    const cached = this.entries.get(id);
    if (cached && cached.expires > now) {
      // Most recently used last: the first entries are the ones to evict.
      this.entries.delete(id);
      this.entries.set(id, cached);
      this.onLookup(kind, true);
      return cached.value as Promise<T>;
    }
    this.onLookup(kind, false);
    const epoch = this.epoch;
    const loading = load();
    const value = loading.then((loaded) => loaded.value);
    // Whoever waits on it hears of a failure; nobody waiting is no unhandled rejection.
    value.catch(() => undefined);
    // Held while it loads, so concurrent requests wait for this load instead of starting theirs.
    this.store(id, { value, shareId: null, expires: now + this.keepMs, weight: 1 });
    try {
      const loaded = await loading;
      const keep = loaded.shareId !== null && this.epoch === epoch;
      if (keep && loaded.shareId !== null) {
        const expires = Math.min(now + this.keepMs, loaded.until ?? Infinity);
        this.store(id, { value, shareId: loaded.shareId, expires, weight: loaded.weight ?? 1 });
      } else if (this.entries.get(id)?.value === value) {
        this.remove(id);
      }
      return loaded.value;
    } catch (error) {
      if (this.entries.get(id)?.value === value) this.remove(id);
      throw error;
    }
  }

  /** Forgets everything read of the share. */
  invalidate(shareId: number): void {
    this.epoch += 1;
    for (const id of [...(this.keysOfShare.get(shareId) ?? [])]) this.remove(id);
  }

  /** Forgets everything (the change announcements were interrupted). */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.keysOfShare.clear();
    this.weight = 0;
  }

  /**
   * The change announcements were lost: what is kept may have missed a change, and until they
   * are back (`trust`) nothing is kept longer than `distrustedTtlMs`.
   */
  distrust(): void {
    this.clear();
    this.keepMs = this.distrustedTtlMs;
  }

  /** The announcements are heard again: what was read during the gap goes, then values keep. */
  trust(): void {
    this.clear();
    this.keepMs = this.ttlMs;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(id: string, entry: Entry): void {
    this.remove(id);
    this.entries.set(id, entry);
    this.weight += entry.weight;
    if (entry.shareId !== null) {
      const keys = this.keysOfShare.get(entry.shareId) ?? new Set<string>();
      keys.add(id);
      this.keysOfShare.set(entry.shareId, keys);
    }
    while (this.weight > this.maxWeight) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  private remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.weight -= entry.weight;
    if (entry.shareId !== null) {
      const keys = this.keysOfShare.get(entry.shareId);
      keys?.delete(id);
      if (keys?.size === 0) this.keysOfShare.delete(entry.shareId);
    }
  }
}
