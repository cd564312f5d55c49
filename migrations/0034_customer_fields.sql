ALTER TABLE "contacts" ADD COLUMN "organization_name" varchar(200);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "area" varchar(100);
--> statement-breakpoint
ALTER TABLE "contacts" drop column "search_text";
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (ar_norm(coalesce(name::text, '') || ' ' || coalesce(name_ar::text, '') || ' ' || coalesce(organization_name::text, '') || ' ' || coalesce(area::text, '') || ' ' || coalesce(phone::text, '') || ' ' || coalesce(email::text, '') || ' ' || coalesce(tax_number::text, ''))) STORED;
--> statement-breakpoint
CREATE INDEX "contacts_area_idx" ON "contacts" USING btree ("company_id","area");
--> statement-breakpoint
-- hand-written below: the generated statements put the new columns after the search text that reads them (reordered
-- above), and dropping the search text dropped its trigram index, which the snapshot still lists: made again.
CREATE INDEX "contacts_search_trgm" ON "contacts" USING gin ("search_text" gin_trgm_ops);
