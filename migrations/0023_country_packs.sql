ALTER TABLE "companies" ADD COLUMN "country" varchar(40) DEFAULT 'SA' NOT NULL;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "cr_number" varchar(50);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_language" varchar(40);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_note" text;
--> statement-breakpoint
CREATE INDEX "companies_country_idx" ON "companies" USING btree ("country");
