/** How purges are sent to the edge caches, and how a failure is handled. */
export interface EdgePurgeTiming {
  /** One purge request may take this long before it counts as failed. */
  timeoutMs: number;
  /** The wait before the first retry; it doubles after each failure... */
  retryFirstMs: number;
  /** ...for this many retries, then the purge is given up (logged and counted). */
  retries: number;
  /**
   * Every purge is sent once more this long after: a page whose render started before the change
   * may reach the edge just after the first purge passed (through the balancer, a slower path
   * than the purge's), and would otherwise be kept until it expires.
   */
  repeatAfterMs: number;
  /** Keys sent in one request at most (a burst of changes is coalesced into few requests). */
  batch: number;
}

export const EDGE_PURGE_TIMING: EdgePurgeTiming = {
  timeoutMs: 1000,
  retryFirstMs: 250,
  retries: 4,
  repeatAfterMs: 500,
  batch: 50,
};

/** What a purge came to, for the metrics: sent, sent again after a failure, or given up. */
export type PurgeResult = 'purged' | 'retry' | 'failed';

export interface EdgePurger {
  /** Purges the pages carrying any of these Surrogate-Keys from every edge (at once, then again). */
  purge(keys: string[]): void;
  /** Resolves when nothing is being sent or waiting (tests). */
  idle(): Promise<void>;
  /** Stops every timer; what was not sent yet is dropped. */
  close(): void;
}

const sleep = (ms: number, timers: Set<NodeJS.Timeout>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      resolve();
    }, ms);
    timer.unref();
    timers.add(timer);
  });

/**
 * Sends `PURGE /` with `Surrogate-Key: <keys>` to each edge of `urls` (Varnish's address: the VCL
 * bans every object carrying one of the keys). Purges are idempotent, so every instance sends the
 * ones of the changes it hears, and a failed one is simply sent again: each edge on its own, with
 * a timeout, retried with back-off, then given up with an error in the log; `onResult` counts.
 * Keys asked for in the same tick go together. Never throws.
 */
export function createEdgePurger(options: {
  urls: string[];
  log: {
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  onResult?: (result: PurgeResult) => void;
  timing?: EdgePurgeTiming;
}): EdgePurger {
  const { urls, log } = options;
  const timing = options.timing ?? EDGE_PURGE_TIMING;
  const onResult = options.onResult ?? (() => undefined);
  const pending = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let flushing: NodeJS.Immediate | null = null;
  let closed = false;

  async function sendOnce(url: string, keys: string[]): Promise<void> {
    const response = await fetch(url, {
      method: 'PURGE',
      headers: { 'Surrogate-Key': keys.join(' ') },
      signal: AbortSignal.timeout(timing.timeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`the edge answered ${response.status}`);
  }

  async function deliver(url: string, keys: string[]): Promise<void> {
    for (let attempt = 0; !closed; attempt += 1) {
      try {
        await sendOnce(url, keys);
        onResult('purged');
        return;
      } catch (error) {
        if (attempt >= timing.retries) {
          onResult('failed');
          log.error(
            { err: error, edge: url, keys },
            `the edge did not take a purge after ${attempt + 1} tries: it may serve these pages until they expire`,
          );
          return;
        }
        onResult('retry');
        log.warn({ err: error, edge: url, keys }, 'a purge failed; sending it again');
        await sleep(timing.retryFirstMs * 2 ** attempt, timers);
      }
    }
  }

  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  function flush(): void {
    flushing = null;
    const keys = [...pending];
    pending.clear();
    for (let start = 0; start < keys.length; start += timing.batch) {
      const batch = keys.slice(start, start + timing.batch);
      for (const url of urls) track(deliver(url, batch));
    }
  }

  function enqueue(keys: string[]): void {
    if (closed || urls.length === 0) return;
    keys.forEach((key) => pending.add(key));
    flushing ??= setImmediate(flush);
  }

  /** The keys purged in this tick: they are sent again together, by one timer. */
  let repeatOfTick: Set<string> | null = null;

  return {
    purge(keys) {
      if (closed || urls.length === 0 || keys.length === 0) return;
      enqueue(keys);
      if (!repeatOfTick) {
        const repeat = new Set<string>();
        repeatOfTick = repeat;
        setImmediate(() => {
          if (repeatOfTick === repeat) repeatOfTick = null;
        });
        track(sleep(timing.repeatAfterMs, timers).then(() => enqueue([...repeat])));
      }
      keys.forEach((key) => repeatOfTick?.add(key));
    },
    async idle() {
      while (inFlight.size > 0 || flushing) {
        await Promise.all([...inFlight]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    close() {
      closed = true;
      if (flushing) clearImmediate(flushing);
      flushing = null;
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      pending.clear();
    },
  };
}

/** The edges of EDGE_PURGE_URL: one URL, or several separated by commas. */
export function edgePurgeUrls(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
    .map((url) => new URL(url).toString());
}
