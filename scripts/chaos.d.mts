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
}
export const BOUNDS: { longestRequestMs: number; recoverMs: number; refusedEverywhereMs: number };
export function runChaos(options?: {
  short?: boolean;
  log?: (line: string) => void;
}): Promise<{ table: ChaosRow[]; logDir: string }>;
export function missedBounds(row: ChaosRow): string[];
export function formatTable(table: ChaosRow[]): string;
