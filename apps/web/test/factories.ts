import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import {
  domainFindings,
  feedbackLabels,
  ownedDomains,
  scans,
  socialFindings,
  users,
} from "../src/db/schema.ts";
import type { TDomainFindingInitial } from "@brandwarden/contract/findings";

/** Test data written straight to the database, with sensible defaults a test overrides. */
export async function insertUser(db: Db, over: Partial<typeof users.$inferInsert> = {}) {
  const [u] = await db
    .insert(users)
    .values({
      email: `u-${randomUUID()}@example.test`,
      password_hash: "x",
      brand_name: "Acme Bank",
      keywords: ["bank"],
      ...over,
    })
    .returning();
  return u!;
}

/** The user's row as stored (e.g. to read `keyword_generation`). */
export async function getUser(db: Db, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u!;
}

export async function updateUser(db: Db, id: string, patch: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(patch).where(eq(users.id, id));
}

export async function insertOwnedDomain(db: Db, row: typeof ownedDomains.$inferInsert) {
  const [d] = await db.insert(ownedDomains).values(row).returning();
  return d!;
}

export async function insertScan(db: Db, userId: string, over: Partial<typeof scans.$inferInsert> = {}) {
  const [s] = await db
    .insert(scans)
    .values({ user_id: userId, status: "completed", ...over })
    .returning();
  return s!;
}

export async function insertDomainFinding(
  db: Db,
  scanId: string,
  userId: string,
  over: Partial<typeof domainFindings.$inferInsert> = {},
) {
  const [f] = await db
    .insert(domainFindings)
    .values({
      scan_id: scanId,
      user_id: userId,
      domain: `x${randomUUID().slice(0, 8)}.com`,
      score: 50,
      ...over,
    })
    .returning();
  return f!;
}

export async function insertDomainFindings(db: Db, rows: Array<typeof domainFindings.$inferInsert>) {
  for (let i = 0; i < rows.length; i += 500) await db.insert(domainFindings).values(rows.slice(i, i + 500));
}

export async function insertSocialFindings(db: Db, rows: Array<typeof socialFindings.$inferInsert>) {
  return db.insert(socialFindings).values(rows).returning();
}

export async function insertFeedback(db: Db, rows: Array<typeof feedbackLabels.$inferInsert>) {
  for (let i = 0; i < rows.length; i += 500) await db.insert(feedbackLabels).values(rows.slice(i, i + 500));
}

/** A registered lookalike showing a parking page, as the worker first reports it (`findings_initial`). */
export const parkedFindingInitial = (
  domain: string,
  over: Partial<TDomainFindingInitial> = {},
): TDomainFindingInitial => ({
  domain,
  original_domain: "acmebank.com",
  fuzzer: "addition",
  resolve_status: "registered",
  dns_a: ["203.0.113.10"],
  dns_aaaa: [],
  dns_mx: [],
  dns_ns: ["ns1.registrar.example"],
  registrar: "NameCheap, Inc.",
  http_status: 200,
  final_url: `https://${domain}/`,
  page_title: `${domain} - This domain may be for sale!`,
  login_form: false,
  password_form: false,
  parked: true,
  score: 30,
  severity: "low",
  ...over,
});

/**
 * A scan's findings and its completion as the worker reports them, applied through the web's
 * event consumer (each scan numbers its own messages, as the worker does).
 */
export async function reportCompletedScan(
  consumer: { apply(message: unknown): Promise<void> },
  scanId: string,
  domains: unknown[],
  social: unknown[] = [],
  /** Platforms the scan could not check (one entry each, as the worker reports them). */
  coverage: unknown[] = [],
): Promise<void> {
  let seq = 0;
  const envelope = (kind: string, data: unknown) => ({ v: 1, kind, scan_id: scanId, seq: ++seq, ts: new Date().toISOString(), data }); // prettier-ignore
  await consumer.apply(envelope("findings_initial", { original_domain: "acmebank.com", findings: domains }));
  if (social.length || coverage.length) {
    await consumer.apply(
      envelope("social_findings_initial", { findings: social, ...(coverage.length ? { coverage } : {}) }),
    );
  }
  await consumer.apply(envelope("scan_update", { status: "completed", stage_states: {} }));
}
