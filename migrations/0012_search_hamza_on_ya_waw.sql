-- Search folding also maps hamza on ya and on waw (ئ -> ي, ؤ -> و), so "عائشة" and "عايشة", "مسؤول" and
-- "مسوول" find each other. Must match src/core/text/arabic-normalize.ts (a test compares them).
CREATE OR REPLACE FUNCTION ar_norm(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT translate(lower(t),
    'أإآٱىةئؤ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹' || E'\u0640\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0670',
    'اااايهيو01234567890123456789')
$$;
--> statement-breakpoint
-- Stored generated columns are not recomputed when their function changes: re-create every search_text
-- column with its own expression (ALTER TABLE rewrites the rows without firing row triggers, so posted,
-- immutable rows keep their guard), and its indexes.
DO $$
DECLARE
  r record;
  defs text[];
  def text;
BEGIN
  FOR r IN
    SELECT c.oid::regclass AS tbl, c.relname AS name, pg_get_expr(d.adbin, d.adrelid) AS expr
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attname = 'search_text' AND a.attgenerated = 's' AND c.relkind = 'r' AND n.nspname = current_schema()
  LOOP
    SELECT coalesce(array_agg(indexdef), '{}') INTO defs FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = r.name AND indexdef LIKE '%search_text%';
    EXECUTE format('ALTER TABLE %s DROP COLUMN search_text', r.tbl);
    EXECUTE format('ALTER TABLE %s ADD COLUMN search_text text GENERATED ALWAYS AS (%s) STORED', r.tbl, r.expr);
    FOREACH def IN ARRAY defs LOOP
      EXECUTE def;
    END LOOP;
  END LOOP;
END $$;
