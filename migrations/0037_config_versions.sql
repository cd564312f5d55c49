-- hand-written below
-- A company's configuration version (core/db/config-cache.ts): bumped by the COMMIT of any transaction that wrote
-- one of the tables whose rows the servers keep in memory between requests (the company, its accounting and sales
-- settings, taxes, price lists, accounts, journals). The session statement reads it with every request, so every
-- server sees a change at the very next request. The bump is a deferred constraint trigger: it runs at commit,
-- after every other lock the transaction takes (no lock-order cycle), once per company and transaction (a
-- transaction-local flag), whoever wrote the row (the generic layer, hand-written SQL, psql).
CREATE TABLE "config_versions" (
  "company_id" integer PRIMARY KEY,
  "version" bigint NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE FUNCTION bump_config_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cid integer := CASE WHEN TG_OP = 'DELETE' THEN (to_jsonb(OLD) ->> TG_ARGV[0])::integer ELSE (to_jsonb(NEW) ->> TG_ARGV[0])::integer END;
  flag text;
BEGIN
  IF cid IS NULL THEN RETURN NULL; END IF;
  flag := 'daftar.config_bumped_' || cid;
  IF coalesce(current_setting(flag, true), '') = '1' THEN RETURN NULL; END IF;
  PERFORM set_config(flag, '1', true);
  INSERT INTO config_versions (company_id) VALUES (cid)
    ON CONFLICT (company_id) DO UPDATE SET version = config_versions.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER config_version AFTER INSERT OR UPDATE OR DELETE ON "companies" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_config_version('id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER config_version AFTER INSERT OR UPDATE OR DELETE ON "accounting_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_config_version('company_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER config_version AFTER INSERT OR UPDATE OR DELETE ON "sales_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_config_version('company_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER config_version AFTER INSERT OR UPDATE OR DELETE ON "taxes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_config_version('company_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER config_version AFTER INSERT OR UPDATE OR DELETE ON "price_lists" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_config_version('company_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER config_version AFTER INSERT OR UPDATE OR DELETE ON "accounts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_config_version('company_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER config_version AFTER INSERT OR UPDATE OR DELETE ON "journals" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_config_version('company_id');
