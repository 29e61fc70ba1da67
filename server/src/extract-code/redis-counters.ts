import { randomUUID } from 'node:crypto';
import type { Result } from 'ioredis';
import type { SharedRedis } from '../dependencies/redis';
import {
  EXTRACT_CODE_COUNTS_TTL_SECONDS,
  EXTRACT_CODE_LIMITS,
  type ExtractCodeCounters,
  type NetworkTries,
  type TryToCount,
} from './guard';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    nimbusAdmitTry(
      recentKey: string,
      attackKey: string,
      passedKey: string,
      ...args: (string | number)[]
    ): Result<number, Context>;
    nimbusTakeShareBudget(shareKey: string, ...args: (string | number)[]): Result<number, Context>;
  }
}

/**
 * A network's try, counted when its limits allow it, in one step (a script runs alone in Redis).
 * KEYS: its wrong codes (a sorted set by time), its wrong codes under attack, its right code
 * under attack. ARGV: now, the two windows' starts, their limits, wrong, under attack, passed,
 * the keys' lifetime, a unique member for this try.
 */
const ADMIT_TRY = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[3])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
if ARGV[7] == '1' and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 0 end
if ARGV[6] == '1' then
  redis.call('ZADD', KEYS[1], ARGV[1], ARGV[10])
  redis.call('EXPIRE', KEYS[1], ARGV[9])
  if ARGV[7] == '1' then
    redis.call('ZADD', KEYS[2], ARGV[1], ARGV[10])
    redis.call('EXPIRE', KEYS[2], ARGV[9])
  end
end
if ARGV[8] == '1' then redis.call('SET', KEYS[3], ARGV[1], 'EX', ARGV[9]) end
return 1`;

/**
 * One wrong code taken from a share's budget, unless the window's hours already hold it all.
 * KEYS: the share's wrong codes by the hour (a hash). ARGV: this hour, the window's start, the
 * budget, the key's lifetime.
 */
const TAKE_SHARE_BUDGET = `
local hours = redis.call('HGETALL', KEYS[1])
local sum = 0
for i = 1, #hours, 2 do
  if tonumber(hours[i]) > tonumber(ARGV[2]) then
    sum = sum + tonumber(hours[i + 1])
  else
    redis.call('HDEL', KEYS[1], hours[i])
  end
end
if sum >= tonumber(ARGV[3]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1`;

const HOUR_MS = 60 * 60 * 1000;
const PREFIX = 'nimbus-extract-code';

const networkKeys = (shareId: number, network: string) => {
  const base = `${PREFIX}:network:${shareId}:${network}`;
  return { recent: `${base}:recent`, attack: `${base}:attack`, passed: `${base}:passed` };
};
const shareKey = (shareId: number) => `${PREFIX}:share:${shareId}`;

/** Scores of a `ZRANGE … WITHSCORES` answer: [member, score, member, score, …]. */
const scoresOf = (answer: string[]) =>
  answer.filter((_value, index) => index % 2 === 1).map(Number);

/**
 * The extract-code counters in Redis (REDIS_URL): every instance counts together, and each try is
 * one script that Redis runs alone, so the limits are exact under any burst without touching the
 * database. While Redis is away (the breaker of SharedRedis) the database's counters are used:
 * the counts of the gap are the database's, which may give a network a few more tries once.
 */
export class RedisCounters implements ExtractCodeCounters {
  constructor(
    private readonly redis: SharedRedis,
    private readonly fallback: ExtractCodeCounters,
  ) {
    redis.client.defineCommand('nimbusAdmitTry', { numberOfKeys: 3, lua: ADMIT_TRY });
    redis.client.defineCommand('nimbusTakeShareBudget', {
      numberOfKeys: 1,
      lua: TAKE_SHARE_BUDGET,
    });
  }

  /** `work` on Redis while it answers, else (and when it fails now) the fallback's answer. */
  private async either<T>(
    work: () => Promise<T>,
    fallback: (counters: ExtractCodeCounters) => Promise<T>,
  ): Promise<T> {
    if (!this.redis.usable) return fallback(this.fallback);
    try {
      return await work();
    } catch (error) {
      this.redis.failed(error);
      return fallback(this.fallback);
    }
  }

  read(shareId: number, network: string, now: number) {
    return this.either(
      async () => {
        const { network: window, underAttack, share } = EXTRACT_CODE_LIMITS;
        const keys = networkKeys(shareId, network);
        const answers = await this.redis.client
          .multi()
          .zrangebyscore(keys.recent, `(${now - window.windowSeconds * 1000}`, '+inf', 'WITHSCORES')
          .zrangebyscore(
            keys.attack,
            `(${now - underAttack.windowSeconds * 1000}`,
            '+inf',
            'WITHSCORES',
          )
          .get(keys.passed)
          .hgetall(shareKey(shareId))
          .exec();
        if (!answers) throw new Error('the transaction was aborted');
        for (const [error] of answers) if (error) throw error;
        const [recent, attack, passed, hours] = answers.map(([, value]) => value) as [
          string[],
          string[],
          string | null,
          Record<string, string>,
        ];
        const since = now - share.windowSeconds * 1000;
        const shareFailures = Object.entries(hours)
          .filter(([hour]) => Number(hour) > since)
          .reduce((sum, [, failures]) => sum + Number(failures), 0);
        const tries: NetworkTries = {
          recentFailures: scoresOf(recent),
          attackFailures: scoresOf(attack),
          passedAt: passed === null ? null : Number(passed),
        };
        return { tries, shareFailures };
      },
      (counters) => counters.read(shareId, network, now),
    );
  }

  takeShareBudget(shareId: number, now: number) {
    const { budget, windowSeconds } = EXTRACT_CODE_LIMITS.share;
    return this.either(
      async () =>
        (await this.redis.client.nimbusTakeShareBudget(
          shareKey(shareId),
          now - (now % HOUR_MS),
          now - windowSeconds * 1000,
          budget,
          EXTRACT_CODE_COUNTS_TTL_SECONDS,
        )) === 1,
      (counters) => counters.takeShareBudget(shareId, now),
    );
  }

  addShareFailure(shareId: number, now: number) {
    return this.either(
      async () => {
        const key = shareKey(shareId);
        await this.redis.client
          .multi()
          .hincrby(key, String(now - (now % HOUR_MS)), 1)
          .expire(key, EXTRACT_CODE_COUNTS_TTL_SECONDS)
          .exec();
      },
      (counters) => counters.addShareFailure(shareId, now),
    );
  }

  admit(shareId: number, network: string, now: number, tried: TryToCount) {
    const { network: window, underAttack } = EXTRACT_CODE_LIMITS;
    const keys = networkKeys(shareId, network);
    const flag = (value: boolean) => (value ? '1' : '0');
    return this.either(
      async () =>
        (await this.redis.client.nimbusAdmitTry(
          keys.recent,
          keys.attack,
          keys.passed,
          now,
          now - window.windowSeconds * 1000,
          now - underAttack.windowSeconds * 1000,
          window.max,
          underAttack.max,
          flag(tried.wrong),
          flag(tried.underAttack),
          flag(tried.passed),
          EXTRACT_CODE_COUNTS_TTL_SECONDS,
          `${now}:${randomUUID()}`,
        )) === 1,
      (counters) => counters.admit(shareId, network, now, tried),
    );
  }
}
