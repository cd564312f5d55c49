CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Arabic-aware folding for search; must match src/core/text/arabic-normalize.ts (a test compares them).
-- translate() maps alef forms, alef maqsura, ta marbuta and Arabic-Indic/Persian digits, and deletes the
-- characters past the end of the second list (tatweel and tashkeel).
CREATE OR REPLACE FUNCTION ar_norm(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT translate(lower(t),
    'أإآٱىة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹' || E'\u0640\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0670',
    'اااايه01234567890123456789')
$$;
