CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "intel_objects" (
	"user_id" uuid NOT NULL,
	"collection" text NOT NULL,
	"object_id" text NOT NULL,
	"modified" timestamp with time zone NOT NULL,
	"date_added" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"content_hash" text NOT NULL,
	"object" jsonb NOT NULL,
	CONSTRAINT "intel_objects_user_id_collection_object_id_modified_pk" PRIMARY KEY("user_id","collection","object_id","modified")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "slack_webhook_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "teams_webhook_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "intel_min_severity" text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "intel_tlp" text DEFAULT 'amber' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "slack_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "teams_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "chat_error" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intel_objects" ADD CONSTRAINT "intel_objects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_idx" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "intel_objects_added_idx" ON "intel_objects" USING btree ("user_id","collection","date_added");--> statement-breakpoint
-- Alerts raised before Slack and Teams existed are not posted there now.
UPDATE "alerts" SET "slack_status" = 'skipped', "teams_status" = 'skipped';
