ALTER TABLE "price_lists" ADD COLUMN "name_ar" varchar(200);
--> statement-breakpoint
ALTER TABLE "price_lists" drop column "search_text";
--> statement-breakpoint
ALTER TABLE "price_lists" ADD COLUMN "search_text" text GENERATED ALWAYS AS (ar_norm(coalesce(name::text, '') || ' ' || coalesce(name_ar::text, ''))) STORED;
--> statement-breakpoint
CREATE INDEX "price_lists_name_ar_idx" ON "price_lists" USING btree ("company_id","name_ar");
--> statement-breakpoint
-- hand-written below: the generated statements put the new column after the search text that reads it (reordered
-- above), and dropping the search text dropped its trigram index, which the snapshot still lists: made again.
CREATE INDEX "price_lists_search_trgm" ON "price_lists" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- The lists a company was given with both names in one (its default, and the demo's wholesale list): each name in
-- its own field, unless the company already has a list of that English name.
UPDATE "price_lists" p SET "name" = v.en, "name_ar" = v.ar
FROM (VALUES ('Public price list / قائمة الأسعار العامة', 'Public price list', 'قائمة الأسعار العامة'), ('Wholesale / الجملة', 'Wholesale', 'الجملة')) AS v(old, en, ar)
WHERE p."name" = v.old AND NOT EXISTS (SELECT 1 FROM "price_lists" q WHERE q."company_id" = p."company_id" AND q."name" = v.en);
