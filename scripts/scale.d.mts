/** Types of scripts/scale.mjs for the TypeScript end-to-end setup. */
export interface ScaleInstance {
  port: number;
  start(): Promise<void>;
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export interface ScaleTopology {
  url: string;
  instances: ScaleInstance[];
  stop(): Promise<void>;
}

export function startScaleTopology(options?: {
  instances?: number;
  quiet?: boolean;
  rateLimitMax?: number;
}): Promise<ScaleTopology>;
