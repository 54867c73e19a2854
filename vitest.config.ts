import { defineConfig } from "vitest/config";
import HeaviestFirstSequencer from "./vitest.sequencer.ts";

// One run for every workspace. Integration tests share the machine's PostgreSQL and
// Redis, so files run in forks with a bounded pool (2 cores).
export default defineConfig({
  test: {
    include: [
      "apps/*/src/**/*.test.ts",
      "apps/*/test/**/*.test.ts",
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
    ],
    // The UI's pure helpers (apps/web-ui/src/**/*.test.ts) run here too; its pages are driven in Chromium.
    exclude: ["**/node_modules/**", "apps/web-ui/dist/**"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { sequencer: HeaviestFirstSequencer },
  },
});
