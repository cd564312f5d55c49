ALTER TABLE "payment_terms" ADD COLUMN "name_ar" varchar(100);
--> statement-breakpoint
ALTER TABLE "sales_reasons" ADD COLUMN "name_ar" varchar(200);
--> statement-breakpoint
ALTER TABLE "payment_terms" drop column "search_text";
--> statement-breakpoint
ALTER TABLE "payment_terms" ADD COLUMN "search_text" text GENERATED ALWAYS AS (ar_norm(coalesce(name::text, '') || ' ' || coalesce(name_ar::text, ''))) STORED;
--> statement-breakpoint
ALTER TABLE "sales_reasons" drop column "search_text";
--> statement-breakpoint
ALTER TABLE "sales_reasons" ADD COLUMN "search_text" text GENERATED ALWAYS AS (ar_norm(coalesce(name::text, '') || ' ' || coalesce(name_ar::text, ''))) STORED;
--> statement-breakpoint
CREATE INDEX "payment_terms_name_ar_idx" ON "payment_terms" USING btree ("company_id","name_ar");
--> statement-breakpoint
CREATE INDEX "sales_reasons_name_ar_idx" ON "sales_reasons" USING btree ("company_id","name_ar");
--> statement-breakpoint
-- hand-written below: the generated statements put the new columns after the search texts that read them (reordered
-- above), and dropping the search texts dropped their trigram indexes, which the snapshot still lists: made again.
CREATE INDEX "payment_terms_search_trgm" ON "payment_terms" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "sales_reasons_search_trgm" ON "sales_reasons" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- The payment terms every company was given and the demo's return reasons, named in both languages in one field:
-- each name in its own field, unless the company already has one of that English name.
UPDATE "payment_terms" p SET "name" = v.en, "name_ar" = v.ar
FROM (VALUES ('Immediate / فوري', 'Immediate', 'فوري'), ('30 days / 30 يومًا', '30 days', '30 يومًا')) AS v(old, en, ar)
WHERE p."name" = v.old AND NOT EXISTS (SELECT 1 FROM "payment_terms" q WHERE q."company_id" = p."company_id" AND q."name" = v.en);
--> statement-breakpoint
UPDATE "sales_reasons" p SET "name" = v.en, "name_ar" = v.ar
FROM (VALUES ('Damaged item / منتج تالف', 'Damaged item', 'منتج تالف'), ('Wrong item / منتج خاطئ', 'Wrong item', 'منتج خاطئ'),
  ('Customer changed mind / عدل العميل عن الشراء', 'Customer changed mind', 'عدل العميل عن الشراء')) AS v(old, en, ar)
WHERE p."name" = v.old AND NOT EXISTS (SELECT 1 FROM "sales_reasons" q WHERE q."company_id" = p."company_id" AND q."name" = v.en);
