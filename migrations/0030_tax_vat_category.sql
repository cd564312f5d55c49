ALTER TABLE "taxes" ADD COLUMN "vat_category" varchar(40) DEFAULT 'standard';
--> statement-breakpoint
ALTER TABLE "taxes" ADD COLUMN "exemption_code" varchar(40);
--> statement-breakpoint
ALTER TABLE "taxes" ADD COLUMN "exemption_reason" varchar(200);
--> statement-breakpoint
CREATE INDEX "taxes_vat_category_idx" ON "taxes" USING btree ("company_id","vat_category");
