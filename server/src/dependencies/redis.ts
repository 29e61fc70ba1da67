import { Redis } from 'ioredis';
import { ConfigError } from '../config/env-values';
import type { DependencyHealth } from './dependency-health';

/**
 * The bounds of every call to Redis (docs/operations/faults-and-chaos.md, "When a dependency
 * fails").
 */
export const REDIS_TIMEOUTS = {
  /** One command: a stalled Redis (SIGSTOP, a full network buffer) costs a request this much. */
  commandMs: 500,
  connectMs: 2000,
  /** While Redis is away, how often it is asked whether it is back. */
  probeMs: 1000,
  /** How long a start-up waits to learn whether Redis takes the password. */
  startUpMs: 3000,
} as const;

const AUTH_REFUSED = /WRONGPASS|NOAUTH|invalid password|invalid username-password/i;

/** Why a Redis command failed, in words fit for /readyz. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (AUTH_REFUSED.test(message)) return "authentication refused (check REDIS_URL's password)";
  if (/timed out/i.test(message)) return 'not answering in time';
  return 'unreachable';
}

/**
 * The Redis every instance shares its counters through (REDIS_URL), behind a breaker: the first
 * command that fails or takes longer than `commandMs` marks it down, and from then on callers go
 * without it at once (`usable` is false) while it is asked every `probeMs` whether it is back.
 * Commands never queue while it is away; the client reconnects by itself.
 */
export class SharedRedis {
  readonly client: Redis;
  private usableNow = true;
  private probe: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    url: string,
    private readonly health: DependencyHealth,
  ) {
    health.track('redis');
    this.client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: REDIS_TIMEOUTS.connectMs,
      commandTimeout: REDIS_TIMEOUTS.commandMs,
      // Reconnects forever, never more than a second apart.
      retryStrategy: (times) => Math.min(times * 100, 1000),
      lazyConnect: true,
    });
    this.client.on('error', (error: Error) => this.failed(error));
    // Back after a failure: ask at once rather than at the next probe.
    this.client.on('ready', () => {
      if (!this.usableNow) void this.check();
    });
  }

  /**
   * Connects; a password Redis refuses is a configuration error (the server does not start),
   * while a Redis that cannot be reached yet only starts the server degraded.
   */
  async start(): Promise<void> {
    const { client } = this;
    let lastError: Error | null = null;
    const refused = await new Promise<Error | null>((resolve) => {
      const done = (error: Error | null) => {
        clearTimeout(timer);
        client.off('error', onError);
        client.off('ready', onReady);
        resolve(error);
      };
      const onError = (error: Error) => {
        lastError = error;
        if (AUTH_REFUSED.test(error.message)) done(error);
      };
      const onReady = () => done(null);
      const timer = setTimeout(() => done(null), REDIS_TIMEOUTS.startUpMs);
      client.on('error', onError);
      client.on('ready', onReady);
      client.connect().catch(() => undefined);
    });
    if (refused) {
      await this.close();
      throw new ConfigError(
        `Redis refuses REDIS_URL's credentials (${refused.message.split('\n')[0]}): the shared rate limit would be off; fix the password in REDIS_URL`,
      );
    }
    if (client.status !== 'ready') this.failed(lastError ?? new Error('connect timed out'));
  }

  /** Whether commands may be sent: false from a failure until a probe answers. */
  get usable(): boolean {
    return this.usableNow && !this.closed;
  }

  /** A command failed: go without Redis and ask it every `probeMs` whether it is back. */
  failed(error: unknown): void {
    if (this.closed) return;
    this.usableNow = false;
    this.health.down('redis', reasonOf(error), error);
    this.probe ??= setInterval(() => void this.check(), REDIS_TIMEOUTS.probeMs);
    this.probe.unref();
  }

  private async check(): Promise<void> {
    if (this.closed || this.client.status !== 'ready') return;
    try {
      await this.client.ping();
    } catch (error) {
      this.failed(error);
      return;
    }
    clearInterval(this.probe);
    this.probe = undefined;
    this.usableNow = true;
    this.health.up('redis');
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probe);
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
