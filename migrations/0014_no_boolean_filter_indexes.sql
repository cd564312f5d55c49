-- A boolean filter field no longer gets an index (core/db/entity-table.ts): (company_id, flag) halves a company's
-- rows at best, so the planner walks the sort index or scans instead, while every write maintained it and every
-- plan of the table weighed it (the product search statement plans the products table twice).
DROP INDEX "contacts_is_customer_idx";
--> statement-breakpoint
DROP INDEX "contacts_is_vendor_idx";
--> statement-breakpoint
DROP INDEX "branches_is_active_idx";
--> statement-breakpoint
DROP INDEX "accounts_is_leaf_idx";
--> statement-breakpoint
DROP INDEX "journals_is_active_idx";
--> statement-breakpoint
DROP INDEX "taxes_price_included_idx";
--> statement-breakpoint
DROP INDEX "invoices_is_credit_note_idx";
--> statement-breakpoint
DROP INDEX "uoms_is_active_idx";
--> statement-breakpoint
DROP INDEX "products_is_active_idx";
--> statement-breakpoint
DROP INDEX "products_salable_idx";
--> statement-breakpoint
DROP INDEX "products_purchasable_idx";
--> statement-breakpoint
DROP INDEX "products_raw_material_idx";
--> statement-breakpoint
DROP INDEX "products_finished_product_idx";
--> statement-breakpoint
DROP INDEX "warehouses_is_active_idx";
--> statement-breakpoint
DROP INDEX "locations_is_scrap_idx";
--> statement-breakpoint
DROP INDEX "locations_is_active_idx";
--> statement-breakpoint
DROP INDEX "stock_lots_is_serial_idx";
--> statement-breakpoint
DROP INDEX "users_is_active_idx";
--> statement-breakpoint
DROP INDEX "users_is_superuser_idx";
