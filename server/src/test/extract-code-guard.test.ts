/**
 * The extract-code guard on each of its counters (the database's, and Redis's when redis-server is
 * installed). A guessing simulation: an attacker with many client addresses walks the extract codes
 * of one share as fast as the server lets each address try (it waits exactly the Retry-After it is
 * told, and solves every proof of work it is asked for), over simulated days on a fake clock.
 * docs/security.md, "Extract codes", states the rate this checks. The proofs here are cheap (the
 * server's cost is a setting); what is counted is how many codes get evaluated.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { ResponseCode, type ProofOfWorkChallengeData } from 'shared-contracts';
import { shares } from '../db/schema';
import { ApiError } from '../lib/api-error';
import { DependencyHealth } from '../dependencies/dependency-health';
import { SharedRedis } from '../dependencies/redis';
import { DatabaseCounters } from '../extract-code/database-counters';
import {
  EXTRACT_CODE_LIMITS,
  ExtractCodeGuard,
  type ExtractCodeCounters,
} from '../extract-code/guard';
import { ExtractCodeProofs } from '../extract-code/proofs';
import { RedisCounters } from '../extract-code/redis-counters';
import { Bulkhead } from '../lib/bulkhead';
import { ShareService, type ShareRow } from '../plugins/app/shares';
import { hasRedisServer, startRedis, type LocalRedis } from '../../../scripts/local-services.mjs';
import { createTestApp, type TestContext } from './helpers';

const ADDRESSES = 200;
const DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;
/** 36^4: every 4-character code of digits and lowercase letters. */
const CODE_SPACE = 36 ** 4;

let ctx: TestContext;
let redis: { local: LocalRedis; shared: SharedRedis } | null = null;
before(async () => {
  ctx = await createTestApp();
  // Once, in the first half of the server tests (Redis is the same in both).
  if (hasRedisServer() && !process.env.TEST_DATABASE_URL) {
    const local = await startRedis();
    const shared = new SharedRedis(local.url, new DependencyHealth());
    await shared.start();
    redis = { local, shared };
  }
});
after(async () => {
  await ctx.close();
  await redis?.shared.close();
  redis?.local.stop();
});

type Outcome = 'right' | 'wrong' | { retryAfterSeconds: number };

/** The counters of each kind, for the same tests. */
const STORES: Array<{ name: string; counters: () => ExtractCodeCounters | null }> = [
  { name: 'the database', counters: () => new DatabaseCounters(ctx.app.db) },
  {
    name: 'Redis',
    counters: () =>
      redis ? new RedisCounters(redis.shared, new DatabaseCounters(ctx.app.db)) : null,
  },
];

/** A share service on a fake clock whose proofs of work cost next to nothing to solve. */
function serviceAt(counters: ExtractCodeCounters, clock: () => number) {
  const proofs = new ExtractCodeProofs(
    ctx.app.db,
    Buffer.alloc(32, 7),
    { cost: 1, counterMin: 1, counterMax: 3 },
    clock,
  );
  const bulkhead = new Bulkhead('test', { concurrency: 3, queue: 1000, queueTimeoutMs: 60_000 });
  const guard = new ExtractCodeGuard(counters, proofs, bulkhead, clock);
  return new ShareService(ctx.app.db, Buffer.alloc(32), guard, { clock });
}

/** The widget's payload for a 4030 answer's challenge. */
async function solve(data: unknown): Promise<string> {
  const challenge = (data as ProofOfWorkChallengeData).challenge as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  assert.ok(solution);
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Counts what a client pays: how many proofs of work it solved. */
const paid = { proofs: 0 };

/** One try of a code, solving the proof of work first when the server asks for one. */
async function attempt(
  service: ShareService,
  share: ShareRow,
  code: string,
  address: string,
  proof?: string,
): Promise<Outcome> {
  try {
    await service.checkExtractCode(share, code, address, proof);
    return 'right';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === ResponseCode.InvalidExtractCode) return 'wrong';
    if (error.code === ResponseCode.ProofOfWorkRequired) {
      assert.equal(proof, undefined, 'a solved proof is accepted');
      paid.proofs += 1;
      return attempt(service, share, code, address, await solve(error.data));
    }
    assert.equal(error.code, ResponseCode.TooManyRequests);
    return { retryAfterSeconds: error.retryAfterSeconds ?? 0 };
  }
}

for (const store of STORES) {
  describe(`guessing one share from many addresses, counted in ${store.name}`, () => {
    /** The store's share service on a fake clock; null, the test skipped, without the store. */
    const serviceFor = (t: { skip(message: string): void }, clock: () => number) => {
      const counters = store.counters();
      if (counters) return serviceAt(counters, clock);
      t.skip('SKIPPED: needs redis-server (apt-get install redis-server), in the first half');
      return null;
    };

    it('evaluates at most the limit of a burst of 200 tries from one network, the right code among them', async (t) => {
      const now = Date.parse('2025-12-01T00:00:00Z');
      const service = serviceFor(t, () => now);
      if (!service) return;
      const [share] = await ctx.app.db.select().from(shares).where(eq(shares.code, 'demo-private'));
      assert.ok(share);
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          attempt(service, share, index === 100 ? 'ab12' : `b${index}`, '203.0.113.9'),
        ),
      );
      const wrong = outcomes.filter((outcome) => outcome === 'wrong').length;
      const right = outcomes.filter((outcome) => outcome === 'right').length;
      assert.equal(wrong, EXTRACT_CODE_LIMITS.network.max);
      assert.ok(right <= 1);
      // The others were refused with a time to come back, their codes never looked at.
      const refused = outcomes.filter((outcome) => typeof outcome === 'object');
      assert.equal(refused.length, 200 - wrong - right);
      assert.ok(refused.every((outcome) => outcome.retryAfterSeconds > 0));
    });

    it('evaluates at most the daily budget plus five codes per address a day, each past the budget paid with a proof of work, and lets the visitor with the code in', async (t) => {
      let now = Date.parse('2026-01-05T00:00:00Z');
      const service = serviceFor(t, () => now);
      if (!service) return;
      const [share] = await ctx.app.db.select().from(shares).where(eq(shares.code, 'demo-private'));
      assert.ok(share);

      // Each address's next allowed try; all start at once.
      const nextTry = new Map<string, number>();
      for (let index = 0; index < ADDRESSES; index += 1) {
        nextTry.set(`10.${Math.floor(index / 250)}.${index % 250}.1`, now);
      }
      const start = now;
      const wrongPerDay = Array<number>(DAYS).fill(0);
      let guess = 0;
      while (true) {
        // The address whose turn comes first.
        let address = '';
        let when = Infinity;
        for (const [candidate, time] of nextTry) {
          if (time < when) [address, when] = [candidate, time];
        }
        if (when >= start + DAYS * DAY_MS) break;
        now = when;
        guess += 1;
        const outcome = await attempt(
          service,
          share,
          `g${guess.toString(36).padStart(3, '0')}`,
          address,
        );
        if (outcome === 'right') assert.fail('a guess hit the code');
        if (outcome === 'wrong') {
          const day = Math.floor((now - start) / DAY_MS);
          wrongPerDay[day] = (wrongPerDay[day] ?? 0) + 1;
          // At once again: an address spends all it may before the next one starts.
          nextTry.set(address, now);
        } else {
          nextTry.set(address, now + outcome.retryAfterSeconds * 1000);
        }
      }

      t.diagnostic(`wrong codes evaluated per simulated day: ${wrongPerDay.join(', ')}`);
      t.diagnostic(`proofs of work solved: ${paid.proofs}`);
      const { share: shareLimit, underAttack } = EXTRACT_CODE_LIMITS;
      const bound = (addresses: number) => shareLimit.budget + addresses * underAttack.max;
      for (const [day, wrong] of wrongPerDay.entries()) {
        assert.ok(
          wrong <= bound(ADDRESSES),
          `day ${day + 1}: ${wrong} evaluated (bound ${bound(ADDRESSES)})`,
        );
      }
      // The budget is a rolling day: each day's first hundred come before the share counts as
      // attacked again.
      const total = wrongPerDay.reduce((sum, wrong) => sum + wrong, 0);
      assert.ok(
        paid.proofs >= total - DAYS * shareLimit.budget,
        'every code past the budget cost a proof',
      );
      // docs/security.md's figure: from 1,000 addresses at most 5,100 a day, each past the first
      // 100 paid with about a second of a phone's work; the code space takes 330 days to walk.
      assert.equal(bound(1000), 5100);
      assert.ok(Math.ceil(CODE_SPACE / bound(1000)) >= 330);

      // A visitor with the code, on an address that has not guessed, solves one proof and is in...
      const before = paid.proofs;
      assert.equal(await attempt(service, share, 'ab12', '198.51.100.1'), 'right');
      assert.equal(paid.proofs - before, 1);
      // ...and goes on browsing (every listing carries the code) without another.
      assert.equal(await attempt(service, share, 'ab12', '198.51.100.1'), 'right');
      assert.equal(paid.proofs - before, 1);
      // A visitor who mistypes pays a proof for each try, and is never kept out for a day by it.
      const typo = '198.51.100.2';
      assert.equal(await attempt(service, share, 'ab13', typo), 'wrong');
      assert.equal(await attempt(service, share, 'AB12 ', typo), 'right', 'case and spaces aside');
    });

    it('accepts a proof once, for its own share and network only', async (t) => {
      let now = Date.parse('2026-03-01T00:00:00Z');
      const service = serviceFor(t, () => now);
      if (!service) return;
      const [share] = await ctx.app.db.select().from(shares).where(eq(shares.code, 'demo-private'));
      assert.ok(share);
      // Under attack: the day's budget of wrong codes, from many networks.
      for (let index = 0; index < EXTRACT_CODE_LIMITS.share.budget; index += 1) {
        await attempt(
          service,
          share,
          `x${index}`,
          `172.16.${Math.floor(index / 200)}.${index % 200}`,
        );
        now += 1000;
      }
      const asked = async (address: string, proof?: string) => {
        try {
          await service.checkExtractCode(share, 'nope', address, proof);
          return 'evaluated';
        } catch (error) {
          assert.ok(error instanceof ApiError);
          return error.code === ResponseCode.ProofOfWorkRequired ? error.data : 'evaluated';
        }
      };
      const challengeData = await asked('192.0.2.50');
      assert.notEqual(challengeData, 'evaluated');
      const proof = await solve(challengeData);
      assert.notEqual(await asked('192.0.2.51', proof), 'evaluated', "another network's proof");
      assert.equal(await asked('192.0.2.50', proof), 'evaluated', 'its own network, once');
      assert.notEqual(await asked('192.0.2.50', proof), 'evaluated', 'not twice');
      assert.notEqual(await asked('192.0.2.50', 'bm90IGEgcHJvb2Y='), 'evaluated', 'not a proof');
      now += 11 * 60 * 1000;
      const late = await solve(await asked('192.0.2.52'));
      now += 11 * 60 * 1000;
      assert.notEqual(await asked('192.0.2.52', late), 'evaluated', 'an expired challenge');
    });

    it('keeps a NAT of careless visitors out for minutes, not hours, on a share that is not attacked', async (t) => {
      // Days after the attacks above: the share is not under attack.
      let now = Date.parse('2026-04-01T00:00:00Z');
      const service = serviceFor(t, () => now);
      if (!service) return;
      const [share] = await ctx.app.db.select().from(shares).where(eq(shares.code, 'demo-private'));
      assert.ok(share);
      const nat = '203.0.113.1';
      for (let index = 0; index < EXTRACT_CODE_LIMITS.network.max; index += 1) {
        assert.equal(await attempt(service, share, `n${index}`, nat), 'wrong');
        now += 1000;
      }
      const locked = await attempt(service, share, 'ab12', nat);
      assert.ok(typeof locked === 'object');
      assert.ok(locked.retryAfterSeconds <= EXTRACT_CODE_LIMITS.network.windowSeconds);
      now += locked.retryAfterSeconds * 1000;
      assert.equal(await attempt(service, share, 'ab12', nat), 'right', 'in again after the wait');
    });
  });
}
