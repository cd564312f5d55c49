ALTER TABLE "sales_order_lines" ADD COLUMN "tax_id" integer;
--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD COLUMN "tax_amount" numeric(20, 4) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "tax_amount" numeric(20, 4);
--> statement-breakpoint
-- hand-written below

-- from migrations/0023_sales_office.sql
UPDATE sales_orders SET tax_amount = 0 WHERE tax_amount IS NULL;
