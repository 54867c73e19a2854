CREATE TABLE "takedown_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"finding_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"target" text NOT NULL,
	"domain" text,
	"platform" text,
	"handle" text,
	"profile_url" text,
	"state" text DEFAULT 'open' NOT NULL,
	"draft" jsonb,
	"evidence_status" text DEFAULT 'capturing' NOT NULL,
	"evidence_live" boolean,
	"evidence_captured_at" timestamp with time zone,
	"evidence_sha256" text,
	"evidence_size" integer,
	"evidence_key" text,
	"screenshot_key" text,
	"evidence_error" text,
	"baseline" jsonb,
	"escalation_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_sent_at" timestamp with time zone,
	"last_escalated_at" timestamp with time zone,
	"escalation_level" integer DEFAULT 0 NOT NULL,
	"down_at" timestamp with time zone,
	"down_how" text,
	"time_to_down_s" integer,
	"last_checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown_escalations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" integer NOT NULL,
	"to" jsonb NOT NULL,
	"message_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"role" text NOT NULL,
	"organisation" text NOT NULL,
	"address" text NOT NULL,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"state" text DEFAULT 'ready' NOT NULL,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "takedown_timeline" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "takedown_cases" ADD CONSTRAINT "takedown_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_cases" ADD CONSTRAINT "takedown_cases_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_escalations" ADD CONSTRAINT "takedown_escalations_case_id_takedown_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."takedown_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_recipients" ADD CONSTRAINT "takedown_recipients_case_id_takedown_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."takedown_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_timeline" ADD CONSTRAINT "takedown_timeline_case_id_takedown_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."takedown_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "takedown_cases_open_target_idx" ON "takedown_cases" USING btree ("user_id","kind","target") WHERE "takedown_cases"."state" not in ('down', 'withdrawn');--> statement-breakpoint
CREATE INDEX "takedown_cases_user_opened_idx" ON "takedown_cases" USING btree ("user_id","opened_at");--> statement-breakpoint
CREATE INDEX "takedown_cases_state_idx" ON "takedown_cases" USING btree ("state");--> statement-breakpoint
CREATE INDEX "takedown_escalations_case_idx" ON "takedown_escalations" USING btree ("case_id","at");--> statement-breakpoint
CREATE INDEX "takedown_recipients_case_idx" ON "takedown_recipients" USING btree ("case_id","position");--> statement-breakpoint
CREATE INDEX "takedown_timeline_case_at_idx" ON "takedown_timeline" USING btree ("case_id","at");