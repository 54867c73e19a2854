ALTER TABLE "scoring_weights" DROP CONSTRAINT "scoring_weights_pkey";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scoring_weights" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "scoring_weights" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "scoring_weights" ADD CONSTRAINT "scoring_weights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_labels_user_created_idx" ON "feedback_labels" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scoring_weights_platform_version_idx" ON "scoring_weights" USING btree ("version") WHERE "scoring_weights"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "scoring_weights_user_version_idx" ON "scoring_weights" USING btree ("user_id","version") WHERE "scoring_weights"."user_id" is not null;