// A world CT log of SIZE synthetic entries in a process of its own (so the follower's memory is
// measured alone): prints its base URL on stdout, serves until killed.
import { WorldCa } from "@brandwarden/world/tls/ca";
import { startCtLog } from "@brandwarden/world/services/ct-log";
import { syntheticEntries } from "@brandwarden/world/services/ct-log-synthetic";
import { mulberry32 } from "@brandwarden/world/scenario/prng";
import { namesOf } from "./names.ts";

const size = Number(process.argv[2] ?? 1_000_000);
const brands = (process.argv[3] ?? "").split(",").filter(Boolean);
const T0 = Date.UTC(2026, 0, 1);
const ca = new WorldCa();
const entry = syntheticEntries(ca);
const log = await startCtLog(ca, [], "127.0.0.1", 0, {
  size,
  pageCap: 1000,
  entryAt: (i) => {
    const r = mulberry32(i + 1);
    // One certificate in 200 impersonates one of the brands.
    const names =
      i % 200 === 0 && brands.length ? [`${brands[i % brands.length]}-refund-center${i}.xyz`] : namesOf(i, r);
    return entry({ names, precert: r() < 0.5, timestamp: T0 + i * 10 });
  },
});
process.stdout.write(`${log.baseUrl}\n`);
