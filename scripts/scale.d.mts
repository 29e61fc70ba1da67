/** Types of scripts/scale.mjs for the TypeScript end-to-end setup. */
import type { LocalPostgres, LocalPrometheus, LocalRedis } from './local-services.mjs';

export interface ScaleInstance {
  port: number;
  start(): Promise<void>;
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export interface ScaleTopology {
  url: string;
  instances: ScaleInstance[];
  postgres: LocalPostgres;
  redis: LocalRedis;
  /** Scraping every instance with ops/prometheus/rules.yml; null when it is not installed. */
  prometheus: LocalPrometheus | null;
  /** The bearer token each instance's /metrics asks for (null: none set). */
  metricsToken: string | null;
  /** The bearer token of each instance's releases API (/ops/releases). */
  opsToken: string;
  stop(): Promise<void>;
}

export function startScaleTopology(options?: {
  instances?: number;
  quiet?: boolean;
  rateLimitMax?: number;
  identity?: { projectId: string; jwksUrl: string } | null;
  logDir?: string | null;
  /** Start Prometheus when it is installed (default true). */
  prometheus?: boolean;
  /** Settings added to every instance's environment. */
  env?: Record<string, string>;
}): Promise<ScaleTopology>;
