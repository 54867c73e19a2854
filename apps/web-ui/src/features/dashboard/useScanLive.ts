import { useCallback, useEffect, useRef, useState } from "react";
import { isTerminalScanStatus } from "@brandwarden/contract/constants";
import { ApiError, messageOf } from "../../api/client.ts";
import { dashboardApi, scanEventsUrl } from "../../api/endpoints.ts";
import type { TLogLine, TScan, TScanStatusView } from "@brandwarden/contract/browser/scans";
import type { TScanStreamWaiting } from "@brandwarden/contract/browser/events";

export type LiveMode = "idle" | "connecting" | "live" | "polling";

const POLL_MS = 2000;
const FINDINGS_DEBOUNCE_MS = 1000;
const LOG_LIMIT = 300;
const WAITING_FOR_DATABASE =
  "Waiting for the database: the scan goes on, and its progress appears here once the database is back. Nothing is lost.";
const WAITING_FOR_DEPENDENCY =
  "Waiting for a service Brandwarden depends on: the scan goes on, and its progress appears here once it is back. Nothing is lost.";

/**
 * The scan's state, live: server-sent events on `/scans/:id/events` (stream `scan_<id>`), with the
 * 2-second `GET /dashboard/status` poll whenever the stream is not open, and after the scan ends
 * until its report is ready. `findingsTick` changes (debounced) when findings arrive.
 */
export function useScanLive(scanId: string | undefined) {
  const [status, setStatus] = useState<TScanStatusView | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The server cannot reach its database or Redis (503 `unavailable` to the poll, or the stream's
  // `waiting` event): a wait, not a failure.
  const [pollWaiting, setPollWaiting] = useState(false);
  const [streamWaiting, setStreamWaiting] = useState<TScanStreamWaiting["for"]>(null);
  const [mode, setMode] = useState<LiveMode>("idle");
  const [findingsTick, setFindingsTick] = useState(0);
  const source = useRef<EventSource | null>(null);
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastStages = useRef("");

  const bumpFindings = useCallback(() => {
    if (debounce.current) return;
    debounce.current = setTimeout(() => {
      debounce.current = null;
      setFindingsTick((t) => t + 1);
    }, FINDINGS_DEBOUNCE_MS);
  }, []);

  const refresh = useCallback(async () => {
    try {
      const next = await dashboardApi.status(scanId);
      setStatus(next);
      setError(null);
      setPollWaiting(false);
      const stages = JSON.stringify([next.scan?.status, next.scan?.stage_states]);
      if (stages !== lastStages.current) {
        lastStages.current = stages;
        bumpFindings();
      }
      return next;
    } catch (err) {
      setError(messageOf(err));
      setPollWaiting(err instanceof ApiError && err.code === "unavailable");
      return null;
    }
  }, [scanId, bumpFindings]);

  useEffect(() => {
    setStatus(null);
    lastStages.current = "";
    void refresh();
  }, [refresh]);

  const scan = status?.scan ?? null;
  const resolvedId = scan?.scan_id;
  const running = scan ? !isTerminalScanStatus(scan.status) : false;

  // The event stream, while the scan runs.
  useEffect(() => {
    if (!resolvedId || !running) {
      setMode("idle");
      return;
    }
    setMode("connecting");
    const es = new EventSource(scanEventsUrl(resolvedId));
    source.current = es;
    const patchScan = (data: Partial<TScan>) =>
      setStatus((s) =>
        s?.scan && s.scan.scan_id === resolvedId ? { ...s, scan: { ...s.scan, ...data } } : s,
      );
    const parse = (e: MessageEvent<string>) => {
      try {
        return JSON.parse(e.data) as Record<string, unknown>;
      } catch {
        return {};
      }
    };
    es.addEventListener("open", () => setMode("live"));
    es.addEventListener("hello", (e) => {
      setMode("live");
      patchScan(parse(e) as Partial<TScan>);
    });
    for (const type of ["phase_progress", "phase_update"])
      es.addEventListener(type, (e) => patchScan(parse(e) as Partial<TScan>));
    es.addEventListener("log", (e) => {
      const d = parse(e) as Partial<TLogLine>;
      const line: TLogLine = {
        level: d.level ?? "info",
        message: d.message ?? "",
        stage: d.stage ?? null,
        ts: d.ts ?? new Date().toISOString(),
      };
      setStatus((s) => (s ? { ...s, log: [...s.log, line].slice(-LOG_LIMIT) } : s));
    });
    es.addEventListener("findings", bumpFindings);
    es.addEventListener("waiting", (e) => setStreamWaiting((parse(e) as TScanStreamWaiting).for ?? null));
    for (const type of ["complete", "failed", "cancelled"])
      es.addEventListener(type, (e) => {
        patchScan(parse(e) as Partial<TScan>);
        es.close();
        setMode("idle");
        bumpFindings();
        void refresh();
      });
    es.addEventListener("error", () => setMode(es.readyState === EventSource.OPEN ? "live" : "polling"));
    return () => {
      es.close();
      source.current = null;
      setStreamWaiting(null);
    };
  }, [resolvedId, running, bumpFindings, refresh]);

  // The fallback poll: while running without an open stream, and after completion until the report is done.
  const reportOpen =
    scan?.status === "completed" && !["ready", "failed"].includes(status?.report?.status ?? "");
  // Also while the server waits for its database (even before the first answer): the page catches up by itself.
  useEffect(() => {
    if (!running && !reportOpen && !pollWaiting) return;
    const t = setInterval(() => {
      if (running && source.current?.readyState === EventSource.OPEN) return;
      void refresh();
    }, POLL_MS);
    return () => clearInterval(t);
  }, [running, reportOpen, pollWaiting, refresh]);

  useEffect(() => () => void (debounce.current && clearTimeout(debounce.current)), []);

  /** Why the page does not move: the server waits for its database (or another dependency). */
  const waiting: string | null = pollWaiting
    ? error
    : streamWaiting === "database"
      ? WAITING_FOR_DATABASE
      : streamWaiting
        ? WAITING_FOR_DEPENDENCY
        : null;
  return { status, scan, error: pollWaiting ? null : error, waiting, mode, findingsTick, refresh };
}
