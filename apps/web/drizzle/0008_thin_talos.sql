ALTER TABLE "scans" ADD COLUMN "social_coverage" jsonb;--> statement-breakpoint
ALTER TABLE "social_findings" ADD COLUMN "owned_evidence" text;