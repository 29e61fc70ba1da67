// Types of chaos.mjs for the TypeScript end-to-end test that runs its short version.
export interface ChaosRow {
  fault: string;
  journeys: number;
  failed: number;
  inFlight: number;
  failures: string[];
  /** Instances that ended by themselves during the fault (a crash, never expected). */
  crashes: string[];
  lost: number;
  doubled: number;
  longestRequestMs: number;
  recoverMs: number | null;
  refusedEverywhereMs: number | null;
  killedMidSave?: boolean;
  /** A flood's own bounds: other shares served, readiness, memory, slow clients cut off. */
  checks: Array<{ what: string; ok: boolean; detail: string }>;
}
export const BOUNDS: {
  longestRequestMs: number;
  recoverMs: number;
  refusedEverywhereMs: number;
  othersP99Ms: number;
  slowClientMs: number;
  metricsBytes: number;
  rssGrowthBytes: number;
};
export function runChaos(options?: {
  short?: boolean;
  /** Only the faults whose name starts so (and the steady traffic before them). */
  only?: string;
  log?: (line: string) => void;
  /** The instances' logs: kept, and named, only when a bound is missed (else null). */
}): Promise<{ table: ChaosRow[]; logDir: string | null }>;
export function missedBounds(row: ChaosRow): string[];
export function formatTable(table: ChaosRow[]): string;
