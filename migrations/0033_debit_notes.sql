ALTER TABLE "invoices" ADD COLUMN "is_debit_note" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "debit_note_of_id" integer;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reason" varchar(500);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_debit_note_of_id_invoices_id_fk" FOREIGN KEY ("debit_note_of_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "invoices_debit_note_of_id_idx" ON "invoices" USING btree ("company_id","debit_note_of_id");
--> statement-breakpoint
-- hand-written below
-- a row is an invoice, a credit note or a debit note, never two; a debit note always names the invoice it corrects
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_note_kind_ck" CHECK (NOT ("is_credit_note" AND "is_debit_note") AND "is_debit_note" = ("debit_note_of_id" IS NOT NULL));
