// Types of local-services.mjs for the TypeScript tests that start these services themselves.
export function postgresBinDir(): string | null;
export function missingScalePackages(): string[];
export function hasRedisServer(): boolean;

export interface LocalPostgres {
  url: string;
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  restart(): Promise<void>;
  stop(): void;
}
export function startPostgres(): Promise<LocalPostgres>;

export interface LocalRedis {
  url: string;
  port: number;
  pause(): void;
  resume(): void;
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): void;
}
export function startRedis(options?: { password?: string }): Promise<LocalRedis>;

export function startHaproxy(options: {
  port: number;
  servers: string[];
}): Promise<{ url: string; stop(): void }>;

export function hasPrometheus(): boolean;
export const PROMETHEUS_RULES: string;
export const SLO_RULES: string;
export function prometheusConfig(options: {
  targets: string[];
  rulesFiles?: string[];
  metricsToken?: string | null;
  alertmanager?: string | null;
}): string;
export interface LocalPrometheus {
  url: string;
  stop(): Promise<void>;
}
export function startPrometheus(options: {
  port?: number;
  targets: string[];
  rulesFiles?: string[];
  metricsToken?: string | null;
  alertmanager?: string | null;
}): Promise<LocalPrometheus>;

export function hasVarnish(): boolean;
export const VARNISH_VCL: string;
export interface LocalVarnish {
  url: string;
  /** Its working folder (`varnishstat -n`). */
  workdir: string;
  /** varnishstat's MAIN counters by name (cache_hit, cache_miss, backend_req, ...). */
  stats(): Record<string, number>;
  stop(): Promise<void>;
}
export function startVarnish(options: { port: number; backend: string }): Promise<LocalVarnish>;
