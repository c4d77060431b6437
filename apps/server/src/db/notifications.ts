// Listening to the database's notifications (LISTEN/NOTIFY), the same way on both databases.
// On PostgreSQL the listener needs a connection of its own (a pooled one goes back to the pool
// and its LISTEN with it), kept open and opened again when it drops: notifications sent while it
// was away are lost, so `onReconnect` tells the owner to look for what it missed. On PGlite the
// one in-process connection delivers the notifications itself after each commit.
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from './database.js';

export interface ListenOptions {
  /** Called after the listener was reconnected (some notifications may have been missed). */
  onReconnect?: () => void;
  log?: (message: string, error?: unknown) => void;
}

/** Stops listening; resolves when the listener's connection is closed. */
export type StopListening = () => Promise<void>;

export interface Notifications {
  /**
   * Calls `onNotify` with the payload of each notification on `channel`. Resolves once the first
   * attempt to listen is over; when it failed, it keeps trying in the background (`onReconnect`
   * is called when it succeeds).
   */
  listen(channel: string, onNotify: (payload: string) => void, options?: ListenOptions): Promise<StopListening>;
}

/** Channel names are written into LISTEN as identifiers; only plain ones are accepted. */
function checkChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
}

/** Notifications of the embedded database: LISTEN goes through the dialect, so never inside someone's transaction. */
export function pgliteNotifications(client: PGlite, db: Db): Notifications {
  return {
    async listen(channel, onNotify) {
      checkChannel(channel);
      const off = client.onNotification((from, payload) => {
        if (from === channel) onNotify(payload);
      });
      await sql`listen ${sql.id(channel)}`.execute(db);
      // The LISTEN stays (other listeners of the channel may share it); only this callback goes.
      return async () => off();
    },
  };
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/** Notifications of a PostgreSQL server: one dedicated connection per listener, reopened when it drops. */
export function postgresNotifications(databaseUrl: string): Notifications {
  return {
    async listen(channel, onNotify, options = {}) {
      checkChannel(channel);
      const log = options.log ?? (() => undefined);
      let client: pg.Client | undefined;
      let stopped = false;
      let retryDelay = RECONNECT_MIN_MS;
      let retryTimer: NodeJS.Timeout | undefined;
      let firstAttempt = true;

      const dropped = (lost: pg.Client, error?: unknown) => {
        if (client !== lost) return;
        client = undefined;
        lost.removeAllListeners();
        // A client that errored may still hold a socket: end it, ignoring that it is already broken.
        lost.on('error', () => undefined);
        lost.end().catch(() => undefined);
        if (stopped) return;
        log(`listener on ${channel} lost its connection; reconnecting`, error);
        scheduleRetry();
      };
      const scheduleRetry = () => {
        retryTimer = setTimeout(() => void connect(), retryDelay);
        retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
      };
      const connect = async () => {
        retryTimer = undefined;
        const next = new pg.Client({ connectionString: databaseUrl, application_name: `reviewdesk-listen-${channel}` });
        client = next;
        next.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload ?? '');
        });
        next.on('error', (error) => dropped(next, error));
        next.on('end', () => dropped(next));
        try {
          await next.connect();
          await next.query(`listen ${channel}`);
        } catch (error) {
          dropped(next, error);
          return;
        }
        if (stopped) {
          await next.end().catch(() => undefined);
          return;
        }
        retryDelay = RECONNECT_MIN_MS;
        if (!firstAttempt) options.onReconnect?.();
      };

      await connect();
      // From now on a success is a reconnection (a failed start counts too: work may be waiting).
      firstAttempt = false;
      return async () => {
        stopped = true;
        if (retryTimer) clearTimeout(retryTimer);
        const open = client;
        client = undefined;
        if (open) {
          open.removeAllListeners();
          open.on('error', () => undefined);
          await open.end().catch(() => undefined);
        }
      };
    },
  };
}
