/** Types of scripts/scale.mjs for the TypeScript end-to-end setup. */
import type { LocalPostgres, LocalPrometheus, LocalRedis } from './local-services.mjs';

export interface ScaleInstance {
  port: number;
  start(): Promise<void>;
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** Varnish in front of HAProxy (ops/varnish/nimbus.vcl). */
export interface ScaleEdge {
  url: string;
  /** Its working folder: `varnishstat -n` / `varnishadm -n` reach it there. */
  workdir: string;
  /** varnishstat's MAIN counters by name (cache_hit, cache_miss, backend_req, ...). */
  stats(): Record<string, number>;
}

export interface ScaleTopology {
  /** The site's address: the edge's when there is one, else HAProxy's. */
  url: string;
  /** HAProxy's address. */
  balancerUrl: string;
  /** The edge cache; null without `edge` or when Varnish is not installed. */
  edge: ScaleEdge | null;
  instances: ScaleInstance[];
  /** Instances that ended without being stopped (a crash), as they happened. */
  unexpectedExits: { port: number; code: number | null; signal: string | null; at: number }[];
  postgres: LocalPostgres;
  redis: LocalRedis;
  /** Scraping every instance with ops/prometheus/rules.yml; null when it is not installed. */
  prometheus: LocalPrometheus | null;
  /** Grafana with the dashboards of ops/grafana; null unless asked and installed. */
  grafana: { url: string } | null;
  /**
   * Alertmanager with ops/alertmanager/alertmanager.yml, Prometheus's alerts sent to it; its
   * pages and tickets recorded by a receiver (GET receiverUrl/notifications, pagesFile). Null
   * without Prometheus or prometheus-alertmanager.
   */
  alertmanager: {
    url: string;
    receiverUrl: string;
    pagesFile: string;
    notifications(): {
      receiver: string;
      status: string;
      alertname: string | null;
      alerts: { status: string; labels: Record<string, string> }[];
      at: string;
    }[];
  } | null;
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
  /** Start Grafana with ops/grafana's dashboards when it is installed (default false). */
  grafana?: boolean;
  /** Alertmanager's time between a group's notifications (default the config's 5m; drills: 10s). */
  alertGroupInterval?: string | null;
  /** Put Varnish in front of HAProxy when it is installed (default false). */
  edge?: boolean;
  /** Settings added to every instance's environment. */
  env?: Record<string, string>;
}): Promise<ScaleTopology>;
