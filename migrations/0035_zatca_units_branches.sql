ALTER TABLE "zatca_units" ADD COLUMN "branch_id" integer;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pos_branch_id" integer;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pos_branch_id_pos_branches_id_fk" FOREIGN KEY ("pos_branch_id") REFERENCES "public"."pos_branches"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "zatca_units_branch_uq" ON "zatca_units" USING btree ("company_id","branch_id") WHERE "zatca_units"."status" = 'active' AND "zatca_units"."branch_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "invoices_pos_branch_id_idx" ON "invoices" USING btree ("company_id","pos_branch_id");
--> statement-breakpoint
-- hand-written below
-- a unit bound to a POS branch (zatca.schema.ts: not an entity, so its reference is written here)
ALTER TABLE "zatca_units" ADD CONSTRAINT "zatca_units_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."pos_branches"("id") ON DELETE restrict ON UPDATE no action;
