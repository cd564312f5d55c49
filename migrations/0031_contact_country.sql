ALTER TABLE "contacts" ADD COLUMN "country" varchar(40);
--> statement-breakpoint
CREATE INDEX "contacts_country_idx" ON "contacts" USING btree ("company_id","country");
