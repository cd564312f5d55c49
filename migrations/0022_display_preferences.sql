ALTER TABLE "companies" ADD COLUMN "calendar" varchar(40) DEFAULT 'gregorian' NOT NULL;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "digits" varchar(40) DEFAULT 'latin' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar" varchar(40);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digits" varchar(40);
