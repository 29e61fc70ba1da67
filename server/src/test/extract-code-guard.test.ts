/**
 * A guessing simulation: an attacker with 1,000 client addresses walks the extract codes of one
 * share as fast as the server lets each address try (it waits exactly the Retry-After it is
 * told), over simulated days on a fake clock. The README's "Extract codes" states the rate this
 * checks.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { ResponseCode } from 'shared-contracts';
import { shares } from '../db/schema';
import { ApiError } from '../lib/api-error';
import { EXTRACT_CODE_LIMITS } from '../plugins/app/extract-code-guard';
import { ShareService, type ShareRow } from '../plugins/app/shares';
import { createTestApp, type TestContext } from './helpers';

const ADDRESSES = 1000;
const DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** 36^4: every 4-character code of digits and lowercase letters. */
const CODE_SPACE = 36 ** 4;

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(async () => {
  await ctx.close();
});

type Outcome = 'right' | 'wrong' | { retryAfterSeconds: number };

async function attempt(
  service: ShareService,
  share: ShareRow,
  code: string,
  address: string,
): Promise<Outcome> {
  try {
    await service.checkExtractCode(share, code, address);
    return 'right';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === ResponseCode.InvalidExtractCode) return 'wrong';
    assert.equal(error.code, ResponseCode.TooManyRequests);
    return { retryAfterSeconds: error.retryAfterSeconds ?? 0 };
  }
}

describe('guessing one share from 1,000 addresses', () => {
  it('evaluates at most the daily budget plus one code per address a day, and lets the visitor with the code in', async (t) => {
    let now = Date.parse('2026-01-05T00:00:00Z');
    const service = new ShareService(ctx.app.db, Buffer.alloc(32), { clock: () => now });
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
    const { share: shareLimit, guarded } = EXTRACT_CODE_LIMITS;
    const dailyBound = shareLimit.budget + ADDRESSES * guarded.max;
    for (const [day, wrong] of wrongPerDay.entries()) {
      assert.ok(
        wrong <= dailyBound,
        `day ${day + 1}: ${wrong} codes evaluated (bound ${dailyBound})`,
      );
    }
    // The README's figure: at most 1,100 a day from 1,000 addresses, 401,500 a year, under a
    // quarter of the code space: walking all of it takes over four years.
    assert.equal(dailyBound, 1100);
    const steadyDay = Math.max(...wrongPerDay.slice(1));
    assert.ok(steadyDay * 365 < CODE_SPACE / 4, `${steadyDay} a day is ${steadyDay * 365} a year`);

    // A visitor with the code, on an address that has not guessed, gets in at once...
    assert.equal(await attempt(service, share, 'ab12', '198.51.100.1'), 'right');
    // ...and one whose network was locked out by a typo storm of its own gets in once it is over.
    const typos = '198.51.100.2';
    for (let index = 0; index < 5; index += 1) await attempt(service, share, `t${index}`, typos);
    const locked = await attempt(service, share, 'ab12', typos);
    assert.ok(typeof locked === 'object', 'locked while the share is under attack');
  });

  it('keeps a NAT of careless visitors out for minutes, not hours, on a share that is not attacked', async () => {
    let now = Date.parse('2026-02-01T00:00:00Z');
    const service = new ShareService(ctx.app.db, Buffer.alloc(32), { clock: () => now });
    const [share] = await ctx.app.db.select().from(shares).where(eq(shares.code, 'demo-private'));
    assert.ok(share);
    const nat = '203.0.113.1';
    for (let index = 0; index < EXTRACT_CODE_LIMITS.address.max; index += 1) {
      assert.equal(await attempt(service, share, `n${index}`, nat), 'wrong');
      now += 1000;
    }
    const locked = await attempt(service, share, 'ab12', nat);
    assert.ok(typeof locked === 'object');
    assert.ok(locked.retryAfterSeconds <= EXTRACT_CODE_LIMITS.address.windowSeconds);
    now += locked.retryAfterSeconds * 1000;
    assert.equal(await attempt(service, share, 'ab12', nat), 'right', 'in again after the wait');
  });
});
