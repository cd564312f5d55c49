-- generated, then a hand-written block at the end: the vendor bills' default line account (accounting settings'
-- purchaseAccountId), and a till return's session as a reference (sales_returns.session_id, as the order's).
ALTER TABLE "accounting_settings" ADD COLUMN "purchase_account_id" integer;
--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_purchase_account_id_accounts_id_fk" FOREIGN KEY ("purchase_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sales_returns" ADD CONSTRAINT "sales_returns_session_id_pos_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pos_sessions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "accounting_settings_purchase_account_id_idx" ON "accounting_settings" USING btree ("company_id","purchase_account_id");

--> statement-breakpoint
-- hand-written: existing companies' vendor bills post to goods received not invoiced (2104), which their receipts
-- credit; a chart without it keeps the inventory account the bills used before
UPDATE "accounting_settings" s SET "purchase_account_id" = coalesce(
  (SELECT a."id" FROM "accounts" a WHERE a."company_id" = s."company_id" AND a."code" = '2104'), s."inventory_account_id");
