import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * How heavy a test file is, by what it starts: the durable tests run a whole split deployment
 * (web, workers, PostgreSQL, Redis, a world) for minutes; end-to-end and browser tests run the
 * product and Chromium; integration tests a service or two; unit tests nothing.
 */
function weight(file: string): number {
  if (file.includes("/test/durable/")) return 4;
  if (file.endsWith(".e2e.int.test.ts") || file.includes("/test/browser/")) return 3;
  if (file.endsWith(".int.test.ts")) return 2;
  return 1;
}

/**
 * Heaviest files first, so that the longest ones never start last and stretch the run on two
 * cores (vitest's own order, without the duration cache a fresh CI clone lacks, is by file size).
 * Within a weight, vitest's order (cached durations, else size).
 */
export default class HeaviestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = new Map(sorted.map((f, i) => [f, i]));
    return [...sorted].sort((a, b) => weight(b.moduleId) - weight(a.moduleId) || rank.get(a)! - rank.get(b)!);
  }
}
