import { pino } from "pino";

export type Logger = pino.Logger;
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

export interface LoggerOptions {
  level: LogLevel;
  /** Human-readable output via pino-pretty (development); JSON lines otherwise. */
  pretty?: boolean;
  name?: string;
}

export function createLogger(opts: LoggerOptions): Logger {
  return pino({
    level: opts.level,
    ...(opts.name ? { name: opts.name } : {}),
    // pino-pretty runs in a worker thread via a transport so formatting never blocks the event loop.
    ...(opts.pretty
      ? { transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss.l" } } }
      : {}),
  });
}

/** A logger that discards everything: the default for adapters when the caller passes none. */
export function createSilentLogger(): Logger {
  return pino({ level: "silent" });
}
