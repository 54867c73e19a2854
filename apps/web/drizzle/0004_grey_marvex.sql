ALTER TABLE "domain_findings" ADD COLUMN "discovered_by" jsonb;--> statement-breakpoint
ALTER TABLE "domain_findings" ADD COLUMN "discovery_reason" text;