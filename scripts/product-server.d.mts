// Types of product-server.mjs for the TypeScript tests that start their own product.
export const repoRoot: string;
export function freePort(): Promise<number>;
export function serverCommand(): { command: string; args: string[] };
export interface RunningProduct {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}
export function startProduct(options?: {
  env?: Record<string, string>;
  quiet?: boolean;
  /** How long to wait for the first answer (default 180 s). */
  timeoutMs?: number;
  /** Another checkout's server to run (default: this one's compiled server). */
  server?: { command: string; args: string[]; cwd?: string };
}): Promise<RunningProduct>;
