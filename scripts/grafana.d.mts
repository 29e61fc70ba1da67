/** Types of scripts/grafana.mjs. */
export const GRAFANA_FOLDER: string;
export function hasGrafana(): boolean;
export function startGrafana(options: {
  prometheusUrl: string;
}): Promise<{ url: string; stop(): Promise<void> }>;
