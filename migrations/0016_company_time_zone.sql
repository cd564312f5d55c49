ALTER TABLE "companies" ADD COLUMN "time_zone" varchar(64) DEFAULT 'UTC' NOT NULL;

--> statement-breakpoint
-- hand-written below
-- The demo company keeps its books in Riyadh (a fresh demo is created so by ensureFirstAdmin).
UPDATE "companies" SET "time_zone" = 'Asia/Riyadh' WHERE "name_en" = 'Daftar Demo Trading Co.';
