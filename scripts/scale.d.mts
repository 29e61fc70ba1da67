/** Types of scripts/scale.mjs for the TypeScript end-to-end setup. */
import type { LocalPostgres, LocalRedis } from './local-services.mjs';

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
  stop(): Promise<void>;
}

export function startScaleTopology(options?: {
  instances?: number;
  quiet?: boolean;
  rateLimitMax?: number;
  identity?: { projectId: string; jwksUrl: string } | null;
  logDir?: string | null;
}): Promise<ScaleTopology>;
