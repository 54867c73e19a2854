import type { Logger } from "@brandwarden/platform/logger/logger";
import type { SessionsRepository } from "./sessions.repository.ts";

/** Why a stream is closed: its session ended, or this web process is stopping (the browser reconnects elsewhere). */
export type StreamCloseReason = "session_ended" | "shutdown";

interface OpenStream {
  /** The session the stream was opened under; null for a personal API token's stream. */
  sessionId: string | null;
  /** The personal API token the stream was opened with, if any (revoking it ends the stream). */
  tokenId: string | null;
  userId: string;
  close(reason: StreamCloseReason): void;
}

/**
 * The long-lived responses (server-sent event streams) open under each session, so that ending a
 * session — logout, password change or reset, idle or absolute expiry — also ends its streams
 * instead of letting them outlive it.
 */
export function createSessionStreams(deps: {
  sessions: Pick<SessionsRepository, "liveIds">;
  logger: Logger;
}) {
  const open = new Set<OpenStream>();
  const closeWhere = (match: (s: OpenStream) => boolean, reason: StreamCloseReason = "session_ended") => {
    for (const stream of [...open]) {
      if (!match(stream)) continue;
      open.delete(stream);
      stream.close(reason);
    }
  };
  let timer: NodeJS.Timeout | null = null;

  const registry = {
    /** Tracks a stream; returns the function that forgets it when it ends by itself. */
    track(
      owner: { sessionId: string | null; tokenId: string | null },
      userId: string,
      close: (reason: StreamCloseReason) => void,
    ): () => void {
      const stream = { ...owner, userId, close };
      open.add(stream);
      return () => open.delete(stream);
    },
    closeSession(sessionId: string): void {
      closeWhere((s) => s.sessionId === sessionId);
    },
    /** The streams opened with a personal API token that was just revoked. */
    closeToken(tokenId: string): void {
      closeWhere((s) => s.tokenId === tokenId);
    },
    /** Every stream of the user, except those of `exceptSessionId` (the session that changed the password). */
    closeUser(userId: string, exceptSessionId?: string): void {
      closeWhere((s) => s.userId === userId && s.sessionId !== exceptSessionId);
    },
    /** Closes the streams whose session has expired (idle or absolute limit) or is gone. */
    async sweep(): Promise<void> {
      const ids = [...new Set([...open].flatMap((s) => (s.sessionId ? [s.sessionId] : [])))];
      if (ids.length === 0) return;
      const live = await deps.sessions.liveIds(ids);
      closeWhere((s) => s.sessionId !== null && !live.has(s.sessionId));
    },
    /** Streams open now, all sessions (what a shutdown deadline would cut). */
    get size(): number {
      return open.size;
    },
    count(sessionId: string): number {
      return [...open].filter((s) => s.sessionId === sessionId).length;
    },
    /** Sweeps every `intervalMs` until stop(). */
    start(intervalMs: number): void {
      timer ??= setInterval(() => {
        registry.sweep().catch((err: unknown) => deps.logger.error({ err }, "session stream sweep failed"));
      }, intervalMs);
      timer.unref();
    },
    /** Stops sweeping and closes every stream: the process is stopping (shutdown, first of all). */
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
      closeWhere(() => true, "shutdown");
    },
  };
  return registry;
}

export type SessionStreams = ReturnType<typeof createSessionStreams>;
