// Benchmark: the dashboard's findings list (`GET /dashboard/findings`, 15 per page) over 100,000
// findings of one scan, sorted by every sortable column; prints p50/p95 per column and each
// column's p95 as a ratio of the default sort's. PostgreSQL when DATABASE_URL (or the local
// default) answers, else embedded PGlite. Usage: node --import tsx bench/findings-list.ts [N]
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "@brandwarden/platform/testing/postgres-test-db";
import { probePostgres, testDatabaseUrl } from "@brandwarden/platform/testing/services";
import { DOMAIN_SORT_COLUMNS } from "@brandwarden/contract/finding-fields";
import { browserAgent } from "@brandwarden/web/test/browser-agent";
import { insertScan } from "@brandwarden/web/test/factories";
import { startTestWeb } from "@brandwarden/web/test/harness";

const N = Number(process.argv[2] ?? 100_000);
const usePg = await probePostgres(testDatabaseUrl()).then(
  () => true,
  () => false,
);
void createTestDatabase;
const t = await startTestWeb(usePg ? "postgres" : "pglite");
const agent = browserAgent(t.app);
const user = await agent.signup(`bench-${randomUUID()}@example.com`);
const scan = await insertScan(t.db, user.id);

const t0 = performance.now();
// Generated in the database: one INSERT ... SELECT is far faster than shipping 100k rows.
await t.db.execute(sql`
  insert into domain_findings (scan_id, user_id, domain, domain_unicode, fuzzer, fuzzers, score, severity, adjusted_score,
    registrar, registration_created, http_status, page_title, dns_a, campaign_id, login_form, asn, tls_issuer, label)
  select ${scan.id}::uuid, ${user.id}::uuid, 'l' || g || '.example', 'l' || g || '.example',
    (array['addition','homoglyph','omission','tld-swap'])[1 + g % 4], '["addition"]'::jsonb,
    (g * 7919) % 100, (array['info','low','medium','high','critical'])[1 + (g * 7919) % 100 / 20],
    case when g % 3 = 0 then (g * 31) % 100 end, 'Registrar ' || (g % 50), now() - (g % 900) * interval '1 day',
    (array[200, 301, 404, 500])[1 + g % 4], 'Title ' || (g % 1000), jsonb_build_array('127.1.' || (g % 250) || '.' || (g % 200)),
    case when g % 10 = 0 then 'cmp_' || (g % 97) end, g % 5 = 0, 64500 + g % 20, 'R' || (g % 7),
    case when g % 17 = 0 then 'confirmed' end
  from generate_series(1, ${N}) g`);
await t.db.execute(sql`analyze domain_findings`);
console.log(
  `${N} findings inserted on ${usePg ? "PostgreSQL" : "PGlite"} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
async function measure(query: string, runs = 20) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const page = 1 + ((i * 37) % 50);
    const s = performance.now();
    const res = await agent.get(`/dashboard/findings?scan_id=${scan.id}&${query}&page=${page}`);
    times.push(performance.now() - s);
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

const base = await measure("sort=adjusted_score&dir=desc", 30);
console.log(`baseline (default sort) p50 ${base.p50.toFixed(1)} ms, p95 ${base.p95.toFixed(1)} ms`);
const rows: string[] = [];
let worst = 0;
for (const column of DOMAIN_SORT_COLUMNS) {
  for (const dir of ["asc", "desc"]) {
    const m = await measure(`sort=${column}&dir=${dir}`, 10);
    worst = Math.max(worst, m.p95);
    rows.push(`${column} ${dir}: p95 ${m.p95.toFixed(1)} ms (x${(m.p95 / base.p95).toFixed(2)})`);
  }
}
console.log(rows.join("\n"));
const filtered = await measure("severity=critical&q=l12&sort=registrar&dir=asc", 20);
console.log(
  `filtered (severity + text) p95 ${filtered.p95.toFixed(1)} ms (x${(filtered.p95 / base.p95).toFixed(2)})`,
);
console.log(`worst column p95 ${worst.toFixed(1)} ms = x${(worst / base.p95).toFixed(2)} the default sort`);
await t.close();
