/** Types of scripts/alerting.mjs. */
export const ALERTMANAGER_CONFIG: string;
export const PLACEHOLDER_WEBHOOK: string;
export function hasAlertmanager(): boolean;
export interface Notification {
  receiver: string;
  status: string;
  alertname: string | null;
  alerts: { status: string; labels: Record<string, string> }[];
  at: string;
}
export function startWebhookReceiver(options: { file: string | null }): Promise<{
  url: string;
  file: string | null;
  notifications(): Notification[];
  stop(): Promise<void>;
}>;
export function alertmanagerConfig(
  webhookUrl: string,
  options?: { groupInterval?: string | null },
): string;
export function startAlertmanager(options: {
  webhookUrl: string;
  groupInterval?: string | null;
}): Promise<{ url: string; address: string; stop(): Promise<void> }>;
