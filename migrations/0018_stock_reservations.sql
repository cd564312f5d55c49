CREATE TABLE "stock_reservations" (
	"company_id" integer NOT NULL,
	"source_type" varchar(40) NOT NULL,
	"source_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"quantity" numeric(20, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "stock_reservations_company_id_source_type_source_id_product_id_location_id_pk" PRIMARY KEY("company_id","source_type","source_id","product_id","location_id"),
	CONSTRAINT "stock_reservations_quantity_ck" CHECK ("stock_reservations"."quantity" > 0)
);

--> statement-breakpoint
CREATE INDEX "stock_reservations_pair_idx" ON "stock_reservations" USING btree ("company_id","product_id","location_id");

--> statement-breakpoint
-- hand-written below
ALTER TABLE stock_reservations ADD CONSTRAINT stock_reservations_company_fk FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE stock_reservations ADD CONSTRAINT stock_reservations_product_fk FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE stock_reservations ADD CONSTRAINT stock_reservations_location_fk FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE RESTRICT;
