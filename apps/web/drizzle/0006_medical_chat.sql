CREATE TABLE "lookalike_observations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracked_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"event" text NOT NULL,
	"state" text NOT NULL,
	"scan_id" uuid,
	"finding_id" uuid,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "scan_changes" (
	"scan_id" uuid PRIMARY KEY NOT NULL,
	"previous_scan_id" uuid,
	"counts" jsonb NOT NULL,
	"social_counts" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracked_lookalikes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"platform" text,
	"handle" text,
	"state" text NOT NULL,
	"discovered_by" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_scan_id" uuid,
	"last_finding_id" uuid,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"score" real,
	"severity" text,
	"takedown_requested_at" timestamp with time zone,
	"down_at" timestamp with time zone,
	"reemerged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_pins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"error" text,
	"stats" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"title" text NOT NULL,
	"reason" text NOT NULL,
	"severity" text,
	"link" text NOT NULL,
	"finding_id" uuid,
	"scan_id" uuid,
	"lookalike_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"webhook_status" text DEFAULT 'pending' NOT NULL,
	"webhook_attempts" integer DEFAULT 0 NOT NULL,
	"webhook_error" text,
	"email_status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_findings" ADD COLUMN "change" text;--> statement-breakpoint
ALTER TABLE "domain_findings" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "domain_findings" ADD COLUMN "first_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_findings" ADD COLUMN "change" text;--> statement-breakpoint
ALTER TABLE "social_findings" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "social_findings" ADD COLUMN "first_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lookalike_observations" ADD CONSTRAINT "lookalike_observations_tracked_id_tracked_lookalikes_id_fk" FOREIGN KEY ("tracked_id") REFERENCES "public"."tracked_lookalikes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_changes" ADD CONSTRAINT "scan_changes_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_lookalikes" ADD CONSTRAINT "tracked_lookalikes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_lookalikes" ADD CONSTRAINT "tracked_lookalikes_last_scan_id_scans_id_fk" FOREIGN KEY ("last_scan_id") REFERENCES "public"."scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_pins" ADD CONSTRAINT "watch_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_rounds" ADD CONSTRAINT "watch_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lookalike_observations_tracked_at_idx" ON "lookalike_observations" USING btree ("tracked_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_lookalikes_user_kind_name_idx" ON "tracked_lookalikes" USING btree ("user_id","kind","name");--> statement-breakpoint
CREATE INDEX "tracked_lookalikes_user_state_idx" ON "tracked_lookalikes" USING btree ("user_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_pins_user_domain_idx" ON "watch_pins" USING btree ("user_id","domain");--> statement-breakpoint
CREATE INDEX "watch_rounds_user_started_idx" ON "watch_rounds" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_user_dedupe_idx" ON "alerts" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "alerts_user_created_idx" ON "alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "domain_findings_scan_change_idx" ON "domain_findings" USING btree ("scan_id","change");