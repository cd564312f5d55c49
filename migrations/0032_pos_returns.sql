ALTER TABLE "pos_payments" ADD COLUMN "return_id" integer;
--> statement-breakpoint
CREATE INDEX "pos_payments_return_idx" ON "pos_payments" USING btree ("return_id");
--> statement-breakpoint
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_refund_ck" CHECK (("pos_payments"."return_id" IS NULL) = ("pos_payments"."amount" >= 0));
--> statement-breakpoint
-- hand-written below
-- a refund row belongs to its sales return (the till return that wrote it)
ALTER TABLE "pos_payments" ADD CONSTRAINT "pos_payments_return_fk" FOREIGN KEY ("return_id") REFERENCES "sales_returns"("id") ON DELETE restrict;
