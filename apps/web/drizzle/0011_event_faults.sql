ALTER TABLE "owned_domains" ADD COLUMN "enrichment_retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owned_domains" ADD COLUMN "enrichment_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "webhook_state" text;--> statement-breakpoint
-- Scans that ended before webhook states were recorded are not looked after (their webhooks went out, or were lost, long ago).
UPDATE "scans" SET "webhook_state" = 'none' WHERE "status" IN ('completed', 'failed', 'cancelled');
