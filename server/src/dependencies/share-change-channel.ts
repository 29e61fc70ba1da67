import pg from 'pg';

/** The channel the migration 0002 triggers notify with a share id. */
export const SHARE_CHANGED_CHANNEL = 'nimbus_share_changed';

/** Told what the channel hears, and when it can no longer be trusted to hear everything. */
export interface ShareChangeSubscriber {
  /** A share changed, written by any instance or any other writer. */
  changed(shareId: number): void;
  /** The channel lost its connection: changes from now until `restored` go unheard. */
  lost(): void;
  /** The channel listens again: every change from now on is heard. */
  restored(): void;
}

/** How the channel connects, watches its connection and comes back. */
export interface ShareChangeTiming {
  /** The first wait before connecting again; it doubles after each failure... */
  retryFirstMs: number;
  /** ...up to this, forever (so it is back within this long of the database). */
  retryMaxMs: number;
  /** How often the connection is asked whether it still answers (a silent loss shows no error). */
  heartbeatMs: number;
  /** How long connecting, LISTEN and the heartbeat may take before the connection counts as lost. */
  timeoutMs: number;
}

export const SHARE_CHANGE_TIMING: ShareChangeTiming = {
  retryFirstMs: 250,
  retryMaxMs: 4000,
  heartbeatMs: 5000,
  timeoutMs: 2000,
};

/**
 * LISTENs for share changes on a connection of its own (PostgreSQL NOTIFY needs one that stays
 * open). A lost connection (an error, the server closing it, a heartbeat that gets no answer) is
 * told to the subscriber at once, and the channel connects again with back-off, forever, until
 * the returned function stops it. It never throws: a database that is down at the start is a
 * lost channel that comes back by itself.
 */
export async function listenForShareChanges(
  databaseUrl: string,
  subscriber: ShareChangeSubscriber,
  timing: ShareChangeTiming = SHARE_CHANGE_TIMING,
): Promise<() => Promise<void>> {
  let stopped = false;
  let listening: pg.Client | null = null;
  /** Whether the subscriber was last told `lost` (so it is told once per loss). */
  let isLost = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const close = (client: pg.Client) => {
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
  };

  const reportLost = () => {
    if (isLost) return;
    isLost = true;
    subscriber.lost();
  };

  const scheduleConnect = () => {
    if (stopped) return;
    const wait = Math.min(timing.retryMaxMs, timing.retryFirstMs * 2 ** Math.max(0, failures - 1));
    retry = setTimeout(() => void connect(), wait);
  };

  /** The listening connection is gone (called once per connection, whatever told first). */
  const dropped = (client: pg.Client) => {
    if (client !== listening) return;
    listening = null;
    clearInterval(heartbeat);
    close(client);
    if (stopped) return;
    reportLost();
    failures = 1;
    scheduleConnect();
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: databaseUrl,
      // Named, so an operator finds it in pg_stat_activity.
      application_name: 'nimbus-share-changes',
      connectionTimeoutMillis: timing.timeoutMs,
      query_timeout: timing.timeoutMs,
      keepAlive: true,
    });
    // Before `listening` is set these do nothing: the failed connect below handles it.
    client.on('error', () => dropped(client));
    client.on('end', () => dropped(client));
    client.on('notification', (message) => {
      const id = Number(message.payload);
      if (Number.isInteger(id)) subscriber.changed(id);
    });
    try {
      await client.connect();
      await client.query(`listen ${SHARE_CHANGED_CHANNEL}`);
    } catch {
      close(client);
      failures += 1;
      reportLost();
      scheduleConnect();
      return;
    }
    if (stopped) {
      close(client);
      return;
    }
    failures = 0;
    listening = client;
    heartbeat = setInterval(() => {
      client.query('select 1').catch(() => dropped(client));
    }, timing.heartbeatMs);
    heartbeat.unref();
    // Listening from here on: what was heard before the gap is complete again.
    if (isLost) {
      isLost = false;
      subscriber.restored();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    const client = listening;
    listening = null;
    if (client) {
      client.removeAllListeners('notification');
      await client.end().catch(() => undefined);
    }
  };
}
