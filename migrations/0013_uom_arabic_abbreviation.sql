-- Units get an Arabic abbreviation (كغ, سم, ...) that Arabic reports show; it joins the unit's search text.
ALTER TABLE "uoms" ADD COLUMN "abbreviation_ar" varchar(20);
--> statement-breakpoint
ALTER TABLE "uoms" DROP COLUMN "search_text";
--> statement-breakpoint
ALTER TABLE "uoms" ADD COLUMN "search_text" text GENERATED ALWAYS AS (ar_norm(coalesce(name::text, '') || ' ' || coalesce(name_ar::text, '') || ' ' || coalesce(abbreviation::text, '') || ' ' || coalesce(abbreviation_ar::text, ''))) STORED;
--> statement-breakpoint
CREATE INDEX "uoms_search_trgm" ON "uoms" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- The default units of existing companies get theirs.
UPDATE "uoms" u SET "abbreviation_ar" = x.ar
FROM (VALUES ('kg', 'كغ'), ('g', 'غ'), ('t', 'طن'), ('L', 'ل'), ('mL', 'مل'), ('m', 'م'), ('cm', 'سم')) x(en, ar)
WHERE u.abbreviation = x.en AND u.abbreviation_ar IS NULL;
