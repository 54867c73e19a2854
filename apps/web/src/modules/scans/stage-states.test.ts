import { describe, expect, it } from "vitest";
import type { TStageState } from "@brandwarden/contract/scan";
import { mergeStageStates, nextScanStatus, resumeStage, stageStatusChanged } from "./stage-states.ts";

const st = (status: TStageState["status"], done = 0, total = 0): TStageState => ({
  status,
  done,
  total,
  started_at: null,
  finished_at: null,
});

describe("stage states", () => {
  it("merges incoming stages over stored ones and keeps the rest", () => {
    expect(
      mergeStageStates(
        { generate: st("completed", 5, 5), resolve: st("running", 1, 5) },
        { resolve: st("running", 3, 5) },
      ),
    ).toEqual({ generate: st("completed", 5, 5), resolve: st("running", 3, 5) });
  });

  it("resumes at the first stage that did not complete, treating skipped as done", () => {
    expect(resumeStage({})).toBe("generate");
    expect(resumeStage({ generate: st("completed"), resolve: st("completed"), enrich: st("running") })).toBe(
      "enrich",
    );
    expect(resumeStage({ generate: st("completed"), resolve: st("failed"), enrich: st("completed") })).toBe(
      "resolve",
    );
    expect(
      resumeStage({
        generate: st("completed"),
        resolve: st("completed"),
        enrich: st("completed"),
        social: st("skipped"),
        score: st("completed"),
        audit: st("skipped"),
      }),
    ).toBeNull();
  });

  it("tells a phase update from progress", () => {
    expect(stageStatusChanged({ resolve: st("running", 1) }, { resolve: st("running", 2) })).toBe(false);
    expect(stageStatusChanged({ resolve: st("running", 1) }, { resolve: st("completed", 2) })).toBe(true);
    expect(stageStatusChanged({}, { enrich: st("running") })).toBe(true);
  });

  it("never moves a terminal scan and never moves a running scan back to queued", () => {
    expect(nextScanStatus("cancelled", "running")).toBeNull();
    expect(nextScanStatus("completed", "failed")).toBeNull();
    expect(nextScanStatus("running", "queued")).toBeNull();
    expect(nextScanStatus("queued", "running")).toBe("running");
    expect(nextScanStatus("pending", "queued")).toBe("queued");
    expect(nextScanStatus("running", "completed")).toBe("completed");
  });
});
