import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  extractCodeNetworks as networks,
  extractCodeShareFailures as shareHours,
} from '../db/schema';
import {
  EXTRACT_CODE_LIMITS,
  type ExtractCodeCounters,
  type NetworkTries,
  type TryToCount,
} from './guard';

const HOUR_MS = 60 * 60 * 1000;
const at = (time: number) => new Date(time).toISOString();
const hourOf = (time: number) => at(time - (time % HOUR_MS));

/** The rows a raw statement answers, as both drivers (node-postgres and PGlite) give them. */
async function rowsOf<Row>(db: Database, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A timestamptz[] column as epoch milliseconds, oldest first, newer than `since`. */
const timesSince = (column: SQL, since: number) =>
  sql`array(select extract(epoch from t)::float8 * 1000 from unnest(${column}) t
     where t > ${at(since)} order by t)`;

/** How many of a timestamptz[] column are newer than `since`. */
const countSince = (column: SQL, since: number) =>
  sql`(select count(*) from unnest(${column}) t where t > ${at(since)})`;

/**
 * The extract-code counters in the database (ExtractCodeGuard without Redis). A network's tries
 * are one row per share and network, changed by one conditional `insert … on conflict do update
 * … where <its limits allow> returning`: PostgreSQL takes that one row's lock for the statement
 * alone, so a network's own tries are counted one after another and nothing else waits. A share's
 * wrong codes are counted by the hour, touched only by the tries that are evaluated.
 */
export class DatabaseCounters implements ExtractCodeCounters {
  constructor(private readonly db: Database) {}

  async read(shareId: number, network: string, now: number) {
    const { network: window, underAttack, share } = EXTRACT_CODE_LIMITS;
    const recent = sql`n.recent_failures`;
    const attack = sql`n.attack_failures`;
    const [row] = await rowsOf<{
      recent: number[] | null;
      attack: number[] | null;
      passed_at: number | null;
      share_failures: number;
    }>(
      this.db,
      sql`select ${timesSince(recent, now - window.windowSeconds * 1000)} as recent,
          ${timesSince(attack, now - underAttack.windowSeconds * 1000)} as attack,
          extract(epoch from n.passed_at)::float8 * 1000 as passed_at,
          (select coalesce(sum(h.failures), 0)::int from ${shareHours} h
            where h.share_id = ${shareId} and h.hour > ${at(now - share.windowSeconds * 1000)})
            as share_failures
        from (select 1) as one
        left join ${networks} n on n.share_id = ${shareId} and n.client_network = ${network}`,
    );
    const tries: NetworkTries = {
      recentFailures: row?.recent ?? [],
      attackFailures: row?.attack ?? [],
      passedAt: row?.passed_at ?? null,
    };
    return { tries, shareFailures: Number(row?.share_failures ?? 0) };
  }

  async takeShareBudget(shareId: number, now: number): Promise<boolean> {
    const { budget, windowSeconds } = EXTRACT_CODE_LIMITS.share;
    const hour = hourOf(now);
    const since = at(now - windowSeconds * 1000);
    // The other hours of the window do not change any more: only this hour's row is locked.
    const otherHours = sql`(select coalesce(sum(o.failures), 0) from ${shareHours} o
      where o.share_id = ${shareId} and o.hour > ${since} and o.hour <> ${hour})`;
    const taken = await rowsOf<{ failures: number }>(
      this.db,
      sql`insert into ${shareHours} as h (share_id, hour, failures)
        select ${shareId}::integer, ${hour}::timestamptz, 1 where ${otherHours} < ${budget}
        on conflict (share_id, hour) do update set failures = h.failures + 1
          where h.failures + ${otherHours} < ${budget}
        returning h.failures`,
    );
    return taken.length === 1;
  }

  async addShareFailure(shareId: number, now: number): Promise<void> {
    await this.db.execute(
      sql`insert into ${shareHours} as h (share_id, hour, failures)
        values (${shareId}, ${hourOf(now)}, 1)
        on conflict (share_id, hour) do update set failures = h.failures + 1`,
    );
  }

  async admit(shareId: number, network: string, now: number, tried: TryToCount) {
    const { network: window, underAttack } = EXTRACT_CODE_LIMITS;
    const recentSince = now - window.windowSeconds * 1000;
    const attackSince = now - underAttack.windowSeconds * 1000;
    const stamp = at(now);
    const recentAdded = tried.wrong ? sql`array[${stamp}::timestamptz]` : sql`'{}'::timestamptz[]`;
    const attackAdded =
      tried.wrong && tried.underAttack
        ? sql`array[${stamp}::timestamptz]`
        : sql`'{}'::timestamptz[]`;
    const kept = (column: SQL, since: number) =>
      sql`array(select t from unnest(${column}) t where t > ${at(since)} order by t)`;
    const admitted = await rowsOf<{ share_id: number }>(
      this.db,
      sql`insert into ${networks} as n
          (share_id, client_network, recent_failures, attack_failures, passed_at, updated_at)
        values (${shareId}, ${network}, ${recentAdded}, ${attackAdded},
          ${tried.passed ? sql`${stamp}::timestamptz` : sql`null`}, ${stamp})
        on conflict (share_id, client_network) do update set
          recent_failures = ${kept(sql`n.recent_failures`, recentSince)} || excluded.recent_failures,
          attack_failures = ${kept(sql`n.attack_failures`, attackSince)} || excluded.attack_failures,
          passed_at = coalesce(excluded.passed_at, n.passed_at),
          updated_at = excluded.updated_at
        where ${countSince(sql`n.recent_failures`, recentSince)} < ${window.max}
          and (${!tried.underAttack}
            or ${countSince(sql`n.attack_failures`, attackSince)} < ${underAttack.max})
        returning n.share_id`,
    );
    return admitted.length === 1;
  }
}
