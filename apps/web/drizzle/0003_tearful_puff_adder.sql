CREATE TABLE "campaign_narratives" (
	"scan_id" uuid PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"narratives" jsonb NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_narratives" ADD CONSTRAINT "campaign_narratives_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;