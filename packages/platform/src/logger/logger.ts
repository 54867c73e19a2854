import { pino } from "pino";

export type Logger = pino.Logger;
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

export interface LoggerOptions {
  level: LogLevel;
  /** Human-readable output via pino-pretty (development); JSON lines otherwise. */
  pretty?: boolean;
  name?: string;
  /** Where log lines go: stdout (services, the default) or stderr (command-line tools, whose stdout holds results). */
  destination?: "stdout" | "stderr";
}

export function createLogger(opts: LoggerOptions): Logger {
  const fd = opts.destination === "stderr" ? 2 : 1;
  const options: pino.LoggerOptions = {
    level: opts.level,
    ...(opts.name ? { name: opts.name } : {}),
    // pino-pretty runs in a worker thread via a transport so formatting never blocks the event loop.
    ...(opts.pretty
      ? { transport: { target: "pino-pretty", options: { colorize: true, translateTime: "SYS:HH:MM:ss.l", destination: fd } } } // prettier-ignore
      : {}),
  };
  return opts.pretty || fd === 1 ? pino(options) : pino(options, pino.destination(fd));
}

/** A logger that discards everything: the default for adapters when the caller passes none. */
export function createSilentLogger(): Logger {
  return pino({ level: "silent" });
}
