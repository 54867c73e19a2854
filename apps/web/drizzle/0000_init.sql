CREATE TABLE "derived_keywords" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"generation" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"csrf_token" text NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"brand_name" text,
	"brand_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keyword_generation" integer DEFAULT 0 NOT NULL,
	"logo_key" text,
	"logo_content_type" text,
	"webhook_url" text,
	"webhook_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owned_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"enrichment_status" text DEFAULT 'pending' NOT NULL,
	"enrichment_error" text,
	"profile" jsonb,
	"profile_generation" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_handles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"handle" text NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"enrichment_status" text DEFAULT 'pending' NOT NULL,
	"enrichment_error" text,
	"profile" jsonb,
	"profile_generation" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"scan_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"full_key" text,
	"summary_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"stage_states" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resume_from_stage" text,
	"error" text,
	"start_payload" jsonb,
	"last_seq" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"domain_unicode" text,
	"original_domain" text,
	"fuzzer" text,
	"fuzzers" jsonb,
	"registrable_domain" text,
	"resolve_status" text,
	"dns_a" jsonb,
	"dns_aaaa" jsonb,
	"dns_mx" jsonb,
	"dns_ns" jsonb,
	"dns_txt" jsonb,
	"spf" text,
	"dmarc" text,
	"wildcard" boolean,
	"mx_accepts_mail" boolean,
	"registrar" text,
	"registrar_abuse_email" text,
	"registrar_abuse_phone" text,
	"registration_created" timestamp with time zone,
	"registration_updated" timestamp with time zone,
	"registration_expires" timestamp with time zone,
	"registration_status" jsonb,
	"privacy_protected" boolean,
	"http_status" integer,
	"final_url" text,
	"redirect_chain" jsonb,
	"page_title" text,
	"page_size" integer,
	"page_language" text,
	"login_form" boolean,
	"password_form" boolean,
	"form_action" text,
	"brand_in_page" boolean,
	"favicon_hash" text,
	"html_hash" text,
	"html_similarity" double precision,
	"parked" boolean,
	"redirects_to_brand" boolean,
	"tls_issuer" text,
	"tls_subject" text,
	"tls_sans" jsonb,
	"tls_not_before" timestamp with time zone,
	"tls_not_after" timestamp with time zone,
	"tls_fingerprint" text,
	"tls_self_signed" boolean,
	"tls_valid" boolean,
	"brand_in_cert" boolean,
	"screenshot_key" text,
	"screenshot_hash" text,
	"screenshot_similarity" double precision,
	"asn" integer,
	"asn_org" text,
	"ip_country" text,
	"hosting_abuse_email" text,
	"threat_feed_hits" jsonb,
	"campaign_id" text,
	"campaign_keys" jsonb,
	"provenance" jsonb,
	"score" real,
	"severity" text,
	"signals" jsonb,
	"adjusted_score" real,
	"adjusted_severity" text,
	"ai_verdict" text,
	"ai_confidence" real,
	"ai_adjustment" integer,
	"ai_reasoning" text,
	"label" text,
	"label_reason" text,
	"labeled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"handle" text NOT NULL,
	"status" text,
	"unknown_reason" text,
	"profile_url" text,
	"display_name" text,
	"bio" text,
	"followers" integer,
	"verified" boolean,
	"account_created" timestamp with time zone,
	"links" jsonb,
	"avatar_key" text,
	"avatar_hash" text,
	"avatar_similarity" double precision,
	"name_similarity" double precision,
	"bio_similarity" double precision,
	"similarity_method" text,
	"disclaimer" boolean,
	"discovered_by" text,
	"score" real,
	"severity" text,
	"signals" jsonb,
	"adjusted_score" real,
	"adjusted_severity" text,
	"ai_verdict" text,
	"ai_confidence" real,
	"ai_adjustment" integer,
	"ai_reasoning" text,
	"label" text,
	"label_reason" text,
	"labeled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"finding_id" uuid NOT NULL,
	"label" text NOT NULL,
	"reason" text,
	"signals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ai_verdict" text,
	"ai_confidence" real,
	"adjusted_score" real,
	"campaign_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scoring_weights" (
	"version" integer PRIMARY KEY NOT NULL,
	"weights" jsonb NOT NULL,
	"source" text NOT NULL,
	"sample_size" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"user_id" uuid,
	"scan_id" uuid,
	"subject_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "derived_keywords" ADD CONSTRAINT "derived_keywords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_domains" ADD CONSTRAINT "owned_domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_handles" ADD CONSTRAINT "social_handles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_findings" ADD CONSTRAINT "domain_findings_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_findings" ADD CONSTRAINT "domain_findings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_findings" ADD CONSTRAINT "social_findings_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_findings" ADD CONSTRAINT "social_findings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_labels" ADD CONSTRAINT "feedback_labels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "owned_domains_user_domain_idx" ON "owned_domains" USING btree ("user_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "social_handles_user_platform_handle_idx" ON "social_handles" USING btree ("user_id","platform","handle");--> statement-breakpoint
CREATE INDEX "scans_user_created_idx" ON "scans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "scans_status_idx" ON "scans" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "domain_findings_scan_domain_idx" ON "domain_findings" USING btree ("scan_id","domain");--> statement-breakpoint
CREATE INDEX "domain_findings_user_idx" ON "domain_findings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "domain_findings_scan_score_idx" ON "domain_findings" USING btree ("scan_id","score");--> statement-breakpoint
CREATE INDEX "domain_findings_scan_adjusted_idx" ON "domain_findings" USING btree ("scan_id","adjusted_score");--> statement-breakpoint
CREATE INDEX "domain_findings_scan_severity_idx" ON "domain_findings" USING btree ("scan_id","severity");--> statement-breakpoint
CREATE INDEX "domain_findings_scan_label_idx" ON "domain_findings" USING btree ("scan_id","label");--> statement-breakpoint
CREATE INDEX "domain_findings_scan_campaign_idx" ON "domain_findings" USING btree ("scan_id","campaign_id");--> statement-breakpoint
CREATE INDEX "domain_findings_scan_created_reg_idx" ON "domain_findings" USING btree ("scan_id","registration_created");--> statement-breakpoint
CREATE INDEX "domain_findings_created_idx" ON "domain_findings" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "social_findings_scan_platform_handle_idx" ON "social_findings" USING btree ("scan_id","platform","handle");--> statement-breakpoint
CREATE INDEX "social_findings_user_idx" ON "social_findings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "social_findings_scan_score_idx" ON "social_findings" USING btree ("scan_id","score");--> statement-breakpoint
CREATE INDEX "feedback_labels_created_idx" ON "feedback_labels" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedback_labels_finding_idx" ON "feedback_labels" USING btree ("finding_id");--> statement-breakpoint
CREATE INDEX "audit_events_scan_idx" ON "audit_events" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "audit_events_name_idx" ON "audit_events" USING btree ("name");