-- Stock ledger guards (invariants 5 and 6; see src/modules/inventory/README.md).
-- 1. One quant per (company, product, location, lot): the target of INSERT ... ON CONFLICT DO NOTHING.
-- 2. One lot name per (company, product).
-- 3. Stock moves are written once (with their entry id): no UPDATE, DELETE or TRUNCATE.
-- 4. Valuation layers: only remaining_qty / remaining_value (and bookkeeping columns) change; never deleted.
-- 5. Moves move a positive quantity; a layer's remaining quantity lies between 0 and its quantity.
-- 6. stock_day_totals reference their company, product and location.
CREATE UNIQUE INDEX stock_quants_key_uq ON stock_quants (company_id, product_id, location_id, (coalesce(lot_id, 0)));
--> statement-breakpoint
CREATE UNIQUE INDEX stock_lots_product_name_uq ON stock_lots (company_id, product_id, name);
--> statement-breakpoint
ALTER TABLE stock_moves ADD CONSTRAINT stock_moves_quantity_positive CHECK (quantity > 0);
--> statement-breakpoint
ALTER TABLE stock_valuation_layers ADD CONSTRAINT stock_valuation_layers_remaining_range CHECK (
  (quantity >= 0 AND remaining_qty >= 0 AND remaining_qty <= quantity) OR (quantity < 0 AND remaining_qty <= 0 AND remaining_qty >= quantity));
--> statement-breakpoint
ALTER TABLE stock_day_totals ADD CONSTRAINT stock_day_totals_company_fk FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE stock_day_totals ADD CONSTRAINT stock_day_totals_product_fk FOREIGN KEY (product_id) REFERENCES products(id) ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE stock_day_totals ADD CONSTRAINT stock_day_totals_location_fk FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE RESTRICT;
--> statement-breakpoint
CREATE INDEX stock_valuation_layers_open_idx ON stock_valuation_layers (company_id, product_id, id) WHERE remaining_qty <> 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_guard_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock moves are immutable (%)', TG_OP USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_moves_immutable BEFORE UPDATE OR DELETE ON stock_moves
  FOR EACH ROW EXECUTE FUNCTION stock_guard_move();
--> statement-breakpoint
CREATE TRIGGER stock_moves_no_truncate BEFORE TRUNCATE ON stock_moves
  FOR EACH STATEMENT EXECUTE FUNCTION stock_guard_move();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_guard_layer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - ARRAY['remaining_qty', 'remaining_value', 'version', 'updated_at', 'updated_by'])
     = (to_jsonb(OLD) - ARRAY['remaining_qty', 'remaining_value', 'version', 'updated_at', 'updated_by']) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'valuation layers are immutable except their remaining quantity and value (%)', TG_OP USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_valuation_layers_guard BEFORE UPDATE OR DELETE ON stock_valuation_layers
  FOR EACH ROW EXECUTE FUNCTION stock_guard_layer();
--> statement-breakpoint
CREATE TRIGGER stock_valuation_layers_no_truncate BEFORE TRUNCATE ON stock_valuation_layers
  FOR EACH STATEMENT EXECUTE FUNCTION stock_guard_layer();
