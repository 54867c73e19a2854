CREATE TABLE "keyword_expansion_problems" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"generation" integer NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "keyword_expansion_problems" ADD CONSTRAINT "keyword_expansion_problems_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;