import type { ProgressMode } from "../global-options.ts";

// Progress on stderr, whatever stdout is: on a terminal a bar redrawn in place (at most ten times
// a second) plus a line per finished stage; off a terminal one line per stage with its counts and
// elapsed time, so CI logs show where a run is; `--progress=json` gives the same as JSON lines.

interface StageSummary {
  stage: string;
  status: string;
  done: number;
  total: number;
  /** Extra counts (registered, unknown, found...), printed in order. */
  counts?: Record<string, number>;
  /** Why a stage was skipped or failed. */
  detail?: string;
}

export interface Progress {
  /** A stage started (for the elapsed time of its summary). */
  start(stage: string): void;
  /** Counts of the running stage; drawn on a terminal only. */
  update(stage: string, done: number, total: number, note?: string): void;
  /** A stage ended: one line (or JSON line). */
  stageDone(summary: StageSummary): void;
  /** A log line of the run (warnings and errors, or everything on a terminal); `code` names its kind. */
  log(level: string, message: string, code?: string): void;
  /** Clears the bar. */
  finish(): void;
}

interface Stream {
  write(text: string): unknown;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)}s`;

export function createProgress(mode: ProgressMode, stream: Stream = process.stderr): Progress {
  const started = new Map<string, number>();
  const elapsed = (stage: string) => performance.now() - (started.get(stage) ?? performance.now());
  let drawn = false;
  let lastDraw = 0;
  const clear = () => {
    if (drawn) stream.write("\r\x1b[K");
    drawn = false;
  };
  const line = (s: StageSummary) => {
    const counts = Object.entries(s.counts ?? {}).map(([k, v]) => `, ${v} ${k}`).join(""); // prettier-ignore
    const of = s.total > 0 ? `${s.done}/${s.total}` : `${s.done}`;
    const why = s.detail ? ` (${s.detail})` : "";
    if (s.status === "skipped") return `${s.stage}: skipped${why}\n`;
    return `${s.stage}: ${s.status}${why}, ${of}${counts} in ${seconds(elapsed(s.stage))}\n`;
  };
  return {
    start(stage) {
      started.set(stage, performance.now());
      if (mode === "json") stream.write(`${JSON.stringify({ event: "stage_started", stage })}\n`);
    },
    update(stage, done, total, note) {
      if (mode !== "bar") return;
      const now = performance.now();
      if (now - lastDraw < 100 && done < total) return;
      lastDraw = now;
      const width = 30;
      const share = total > 0 ? Math.min(1, done / total) : 0;
      const fill = Math.round(share * width);
      const secs = elapsed(stage) / 1000;
      const rate = secs > 0 ? done / secs : 0;
      const eta = rate > 0 && total > done ? ` | ETA ${Math.ceil((total - done) / rate)}s` : "";
      stream.write(
        `\r${stage} [${"#".repeat(fill)}${".".repeat(width - fill)}] ${Math.floor(share * 100)}% ${done}/${total}` +
          ` | ${Math.round(rate)}/s${eta}${note ? ` | ${note}` : ""}\x1b[K`,
      );
      drawn = true;
    },
    stageDone(s) {
      if (mode === "none") return;
      if (mode === "json") {
        const { counts, ...rest } = s;
        const record = { event: "stage", ...rest, ...counts, elapsed_ms: Math.round(elapsed(s.stage)) };
        stream.write(`${JSON.stringify(record)}\n`);
        return;
      }
      clear();
      stream.write(line(s));
    },
    log(level, message, code) {
      if (mode === "none") return;
      if (mode === "json") {
        stream.write(`${JSON.stringify({ event: "log", level, message, ...(code ? { code } : {}) })}\n`);
        return;
      }
      if (mode === "lines" && level !== "warn" && level !== "error") return;
      clear();
      stream.write(`${level === "info" ? "" : `${level}: `}${message}\n`);
    },
    finish: clear,
  };
}
