CREATE TABLE "zatca_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zatca_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"icv" bigint NOT NULL,
	"uuid" uuid NOT NULL,
	"hash" varchar(100) NOT NULL,
	"pih" varchar(100) NOT NULL,
	"profile" varchar(20) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"xml" text NOT NULL,
	"signature" text NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"cleared_xml" text,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"http_status" smallint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" uuid,
	"claimed_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zatca_documents_status_ck" CHECK ("zatca_documents"."status" IN ('pending', 'reported', 'cleared', 'rejected')),
	CONSTRAINT "zatca_documents_icv_ck" CHECK ("zatca_documents"."icv" > 0)
);

--> statement-breakpoint
CREATE TABLE "zatca_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"serial_number" varchar(200) NOT NULL,
	"environment" varchar(20) DEFAULT 'sandbox' NOT NULL,
	"base_url" varchar(500),
	"status" varchar(20) DEFAULT 'onboarding' NOT NULL,
	"private_key" text NOT NULL,
	"csr" text,
	"certificate" text,
	"secret" text,
	"compliance_request_id" varchar(100),
	"last_icv" bigint DEFAULT 0 NOT NULL,
	"last_hash" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zatca_units_env_ck" CHECK ("zatca_units"."environment" IN ('sandbox', 'simulation', 'production')),
	CONSTRAINT "zatca_units_status_ck" CHECK ("zatca_units"."status" IN ('onboarding', 'active', 'disabled'))
);

--> statement-breakpoint
CREATE UNIQUE INDEX "zatca_documents_icv_uq" ON "zatca_documents" USING btree ("unit_id","icv");
--> statement-breakpoint
CREATE UNIQUE INDEX "zatca_documents_invoice_uq" ON "zatca_documents" USING btree ("invoice_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "zatca_documents_uuid_uq" ON "zatca_documents" USING btree ("uuid");
--> statement-breakpoint
CREATE INDEX "zatca_documents_queue_idx" ON "zatca_documents" USING btree ("next_attempt_at") WHERE "zatca_documents"."status" = 'pending';
--> statement-breakpoint
CREATE UNIQUE INDEX "zatca_units_name_uq" ON "zatca_units" USING btree ("company_id","name");--> statement-breakpoint
-- hand-written below

-- units and documents belong to their company; deleting an invoice would take its document, which the trigger
-- below refuses while the company exists
ALTER TABLE "zatca_units" ADD CONSTRAINT "zatca_units_company_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "zatca_documents" ADD CONSTRAINT "zatca_documents_company_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "zatca_documents" ADD CONSTRAINT "zatca_documents_unit_fk" FOREIGN KEY ("unit_id") REFERENCES "zatca_units"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "zatca_documents" ADD CONSTRAINT "zatca_documents_invoice_fk" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE cascade;--> statement-breakpoint
-- a signed document's bytes and its place in the chain never change (the authority's answer may be written)
CREATE FUNCTION zatca_documents_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.xml IS DISTINCT FROM OLD.xml OR NEW.hash IS DISTINCT FROM OLD.hash OR NEW.pih IS DISTINCT FROM OLD.pih
     OR NEW.icv IS DISTINCT FROM OLD.icv OR NEW.uuid IS DISTINCT FROM OLD.uuid OR NEW.unit_id IS DISTINCT FROM OLD.unit_id
     OR NEW.invoice_id IS DISTINCT FROM OLD.invoice_id OR NEW.signature IS DISTINCT FROM OLD.signature THEN
    RAISE EXCEPTION 'zatca_documents: a signed document cannot be changed' USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER zatca_documents_guard BEFORE UPDATE ON "zatca_documents" FOR EACH ROW EXECUTE FUNCTION zatca_documents_guard();--> statement-breakpoint
CREATE FUNCTION zatca_documents_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- deleting the company takes its documents with it (cascade); nothing else deletes one
  IF EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id) THEN
    RAISE EXCEPTION 'zatca_documents: a signed document cannot be deleted' USING ERRCODE = '55000';
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER zatca_documents_no_delete BEFORE DELETE ON "zatca_documents" FOR EACH ROW EXECUTE FUNCTION zatca_documents_no_delete();
