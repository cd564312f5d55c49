CREATE TABLE "scheduled_jobs" (
	"name" varchar(100) NOT NULL,
	"company_id" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scheduled_jobs_name_company_id_pk" PRIMARY KEY("name","company_id")
);

--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_system" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "scheduled_jobs_due_idx" ON "scheduled_jobs" USING btree ("next_run_at");
--> statement-breakpoint
CREATE INDEX "files_company_idx" ON "files" USING btree ("company_id");

--> statement-breakpoint
-- hand-written below
-- a human user can never take a system actor's name (system:<company id>), so the actor is found by name safely
ALTER TABLE "users" ADD CONSTRAINT "users_system_name_ck" CHECK ("is_system" OR "username" NOT LIKE 'system:%') NOT VALID;
