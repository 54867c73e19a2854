ALTER TABLE "tracked_lookalikes" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracked_lookalikes" ADD COLUMN "cert_first_seen_at" timestamp with time zone;--> statement-breakpoint
-- Backfill (here rather than lazily, so the medians count every existing lookalike at once):
-- the creation date the kept evidence carries, ISO strings only (as the contract stores them).
UPDATE "tracked_lookalikes" SET "registered_at" = ("evidence"->>'registration_created')::timestamptz
WHERE "kind" = 'domain' AND "evidence"->>'registration_created' ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}';--> statement-breakpoint
-- The CT entry's logged time from the discovery alert that tracked it.
UPDATE "tracked_lookalikes" t SET "cert_first_seen_at" = a."logged_at"
FROM (
  SELECT "lookalike_id", min(("data"->>'logged_at')::timestamptz) AS "logged_at"
  FROM "alerts"
  WHERE "type" = 'lookalike.discovered' AND "lookalike_id" IS NOT NULL
    AND "data"->>'logged_at' ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}'
  GROUP BY "lookalike_id"
) a
WHERE a."lookalike_id" = t."id";--> statement-breakpoint
-- Else (or earlier) the certificate validity start of the last finding a scan had.
UPDATE "tracked_lookalikes" t SET "cert_first_seen_at" = least(t."cert_first_seen_at", f."tls_not_before")
FROM "domain_findings" f
WHERE f."id" = t."last_finding_id" AND t."kind" = 'domain' AND f."tls_not_before" IS NOT NULL;
