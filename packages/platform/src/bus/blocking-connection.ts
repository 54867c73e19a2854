import type { Redis } from "ioredis";

type Arg = string | number;

/** What a reader sends commands through: a plain connection or a blocking one. */
export interface CommandConnection {
  call(command: string, ...args: Arg[]): Promise<unknown>;
}

/** A connection of its own for one blocking reader (XREAD / XREADGROUP ... BLOCK). */
export interface BlockingConnection extends CommandConnection {
  /** Closes the connection and ends the read under way at once (it rejects). */
  disconnect(): void;
}

/**
 * Wraps a dedicated ioredis connection so that closing it always ends the read under way: ioredis
 * leaves a command unsettled for good when `disconnect()` comes while it reconnects (Redis down or
 * restarting), and a reader waiting on that read would never finish stopping (a partition hand-over
 * then blocks every later lease round of the process).
 */
export function blockingConnection(conn: Redis): BlockingConnection {
  let closed = false;
  const pending = new Set<(err: Error) => void>();
  const closedError = () => new Error("blocking connection closed");
  return {
    call(command, ...args) {
      if (closed) return Promise.reject(closedError());
      return new Promise((resolve, reject) => {
        pending.add(reject);
        conn
          .call(command, ...args)
          .then(resolve, reject)
          .finally(() => pending.delete(reject));
      });
    },
    disconnect() {
      closed = true;
      conn.disconnect();
      for (const reject of pending) reject(closedError());
      pending.clear();
    },
  };
}

/** A plain connection as a `CommandConnection`. */
export const commandConnection = (conn: Redis): CommandConnection => ({
  call: (command, ...args) => conn.call(command, ...args),
});
