import type { TScanStage } from "@brandwarden/contract/constants";
import type { ScanData } from "./scan-data.ts";
import type { StageDef } from "./stage.ts";

/** A stage whose capability has not landed: it completes as `skipped`, saying why. */
export function skippedStage(name: TScanStage, output: keyof ScanData, reason: string): StageDef {
  return {
    name,
    output,
    async run() {
      return { skipped: reason };
    },
  };
}
